import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from './api.ts';
import { showQty } from './decimal.ts';
import { signalGood, signalWrong } from './feedback.ts';
import { go } from './navigation.ts';
import { lookup, type Scan, type StockRow } from './scans.ts';
import { type Notice, NoticeLine, ScanField, Screen } from './ui.tsx';

/** Balances as cards: what, whose, which batch, where, how many. */
export function StockList({ rows, show }: { rows: StockRow[]; show: 'place' | 'material' }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="hh-muted">{t('handheld.nothingHere')}</p>;
  return (
    <ul className="hh-cards" data-testid="hh-stock">
      {rows.map((row) => (
        <li key={row.id} className="hh-card">
          <div className="hh-card-head">
            <span>
              {show === 'material'
                ? `${row.materialName ?? ''} ${row.materialCode}`
                : `${row.placeName ?? ''} ${row.warehousePlaceCode}`}
            </span>
            <strong className="hh-qty">
              {showQty(row.qty)} {row.unitCode ?? ''}
            </strong>
          </div>
          <div className="hh-muted">
            {t('handheld.owner')} {row.customerName ?? row.customerCode} · {t('handheld.batch')}{' '}
            {row.batchNo || '-'}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Look up: scan a location or a material, see what is there (ADR 0041, task 7 of issue 32). */
export function Lookup() {
  const { t } = useTranslation();
  const [scan, setScan] = useState<Scan>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const onScan = async (code: string) => {
    setBusy(true);
    try {
      const found = await lookup(code);
      setScan(found);
      setNotice(undefined);
      signalGood();
    } catch (error) {
      // A wrong scan changes nothing: the last result stays on screen under the message.
      setNotice({ kind: 'error', text: messageOf(error) });
      signalWrong();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Screen title={t('handheld.lookup')} onBack={() => go('home')}>
      <ScanField label={t('handheld.scanAny')} onScan={(code) => void onScan(code)} busy={busy} />
      <NoticeLine notice={notice} />
      {scan && (
        <section data-testid="hh-lookup">
          <h2 className="hh-title">
            {scan.kind === 'place'
              ? `${t('handheld.place')} ${scan.place.name} (${scan.place.code})`
              : `${t('handheld.item')} ${scan.material.name} (${scan.material.code})`}
          </h2>
          <StockList rows={scan.rows} show={scan.kind === 'place' ? 'material' : 'place'} />
        </section>
      )}
    </Screen>
  );
}
