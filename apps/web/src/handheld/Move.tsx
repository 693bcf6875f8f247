import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf, unreachable } from './api.ts';
import { isQuantity, showQty, showUnits, toUnits } from './decimal.ts';
import { signalGood, signalWrong } from './feedback.ts';
import { Waiting } from './Home.tsx';
import { go } from './navigation.ts';
import { sendStep } from './queue.ts';
import { lookup, type StockRow } from './scans.ts';
import { type Notice, NoticeLine, ScanField, Screen } from './ui.tsx';

type Step = 'from' | 'item' | 'owner' | 'qty' | 'to' | 'done';

interface Draft {
  from?: { code: string; name: string };
  material?: { code: string; name: string };
  /** Available balances of the material at the from-place. */
  rows: StockRow[];
  owner?: string;
  qty?: string;
  to?: string;
}

const available = (rows: StockRow[], owner?: string) =>
  rows
    .filter((r) => r.stockStatus === '1' && (owner === undefined || r.customerCode === owner))
    .reduce((sum, r) => sum + toUnits(r.qty), 0n);

/**
 * Move (ADR 0041): scan the from-location, the material, type the quantity, scan the
 * to-location; the server makes and posts a transfer bill in one transaction. The step carries
 * an idempotency key; without a network it is kept on the device and sent later (queue.ts).
 */
export function Move() {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('from');
  const [draft, setDraft] = useState<Draft>({ rows: [] });
  const [qty, setQty] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const wrong = (text: string) => {
    setNotice({ kind: 'error', text });
    signalWrong();
  };
  const checked = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      wrong(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const scanFrom = (code: string) =>
    checked(async () => {
      const scan = await lookup(code, { expect: 'place' });
      if (scan.kind !== 'place') return;
      if (!scan.rows.some((row) => row.stockStatus === '1')) return wrong(t('handheld.nothingHere'));
      setDraft({ rows: [], from: { code: scan.place.code, name: scan.place.name } });
      setNotice(undefined);
      signalGood();
      setStep('item');
    });

  const scanItem = (code: string) =>
    checked(async () => {
      const from = draft.from?.code ?? '';
      const scan = await lookup(code, { expect: 'material', place: from });
      if (scan.kind !== 'material') return;
      const rows = scan.rows.filter((row) => row.stockStatus === '1');
      if (rows.length === 0) return wrong(t('handheld.nothingHere'));
      const owners = [...new Set(rows.map((row) => row.customerCode))];
      setDraft({
        ...draft,
        material: { code: scan.material.code, name: scan.material.name },
        rows,
        owner: owners.length === 1 ? owners[0] : undefined,
      });
      setNotice(undefined);
      signalGood();
      setStep(owners.length === 1 ? 'qty' : 'owner');
    });

  const chooseQty = (event: FormEvent) => {
    event.preventDefault();
    const most = available(draft.rows, draft.owner);
    if (!isQuantity(qty) || toUnits(qty) <= 0n || toUnits(qty) > most)
      return wrong(t('handheld.badQuantity', { qty: showUnits(most) }));
    setDraft({ ...draft, qty: qty.trim() });
    setNotice(undefined);
    setStep('to');
  };

  const scanTo = (code: string) =>
    checked(async () => {
      if (code === draft.from?.code) return wrong(t('handheld.samePlace'));
      let to = code;
      try {
        const scan = await lookup(code, { expect: 'place' });
        if (scan.kind === 'place') to = scan.place.code;
      } catch (error) {
        // Without a network the server checks the place when the kept move arrives.
        if (!unreachable(error)) throw error;
      }
      const body = {
        fromPlace: draft.from?.code,
        material: draft.material?.code,
        qty: draft.qty,
        toPlace: to,
        ...(draft.owner ? { customerCode: draft.owner } : {}),
      };
      const label = `${draft.from?.code} → ${to} · ${draft.material?.code} × ${draft.qty}`;
      const sent = await sendStep<{ billNo: string }>('/api/bl-handheld/move', body, label);
      setDraft({ ...draft, to });
      setNotice(
        sent.sent
          ? { kind: 'ok', text: t('handheld.moved', { bill: sent.data.billNo }) }
          : { kind: 'info', text: t('handheld.movedOffline') },
      );
      signalGood();
      setStep('done');
    });

  const restart = () => {
    setDraft({ rows: [] });
    setQty('');
    setNotice(undefined);
    setStep('from');
  };

  const summary = (
    <dl className="hh-summary">
      {draft.from && (
        <>
          <dt>{t('handheld.fromPlace')}</dt>
          <dd>
            {draft.from.name} ({draft.from.code})
          </dd>
        </>
      )}
      {draft.material && (
        <>
          <dt>{t('handheld.item')}</dt>
          <dd>
            {draft.material.name} ({draft.material.code})
          </dd>
        </>
      )}
      {draft.qty && (
        <>
          <dt>{t('handheld.qty')}</dt>
          <dd>{showQty(draft.qty)}</dd>
        </>
      )}
      {draft.to && (
        <>
          <dt>{t('handheld.toPlace')}</dt>
          <dd>{draft.to}</dd>
        </>
      )}
    </dl>
  );

  return (
    <Screen title={t('handheld.move')} onBack={() => go('home')}>
      {summary}
      {step === 'from' && (
        <ScanField label={t('handheld.fromPlace')} onScan={(c) => void scanFrom(c)} busy={busy} />
      )}
      {step === 'item' && (
        <ScanField label={t('handheld.scanItem')} onScan={(c) => void scanItem(c)} busy={busy} />
      )}
      {step === 'owner' && (
        <div className="hh-tasks">
          <p className="hh-label">{t('handheld.chooseOwner')}</p>
          {[...new Set(draft.rows.map((r) => r.customerCode))].map((owner) => (
            <button
              key={owner}
              type="button"
              className="hh-button"
              onClick={() => {
                setDraft({ ...draft, owner });
                setStep('qty');
              }}
            >
              {draft.rows.find((r) => r.customerCode === owner)?.customerName ?? owner} ·{' '}
              {showUnits(available(draft.rows, owner))}
            </button>
          ))}
        </div>
      )}
      {step === 'qty' && (
        <form className="hh-form" onSubmit={chooseQty}>
          <label className="hh-label">
            {t('handheld.qty')}
            <span className="hh-muted">
              {' '}
              {t('handheld.available', { qty: showUnits(available(draft.rows, draft.owner)) })}
            </span>
            <input
              className="hh-input hh-number"
              name="qty"
              inputMode="decimal"
              autoComplete="off"
              // biome-ignore lint/a11y/noAutofocus: one field per screen, typed at once on a handheld
              autoFocus
              value={qty}
              onChange={(e) => setQty(e.target.value)}
            />
          </label>
          <button type="submit" className="hh-button hh-primary">
            {t('handheld.confirm')}
          </button>
        </form>
      )}
      {step === 'to' && (
        <ScanField label={t('handheld.toPlace')} onScan={(c) => void scanTo(c)} busy={busy} />
      )}
      <NoticeLine notice={notice} />
      {step === 'done' && (
        <div className="hh-tasks">
          <button type="button" className="hh-button hh-primary" onClick={restart}>
            {t('handheld.again')}
          </button>
          <button type="button" className="hh-button" onClick={() => go('home')}>
            {t('handheld.home')}
          </button>
          <Waiting />
        </div>
      )}
    </Screen>
  );
}
