import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearSession, useSession } from '../session.ts';
import { api, messageOf } from './api.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { go } from './navigation.ts';
import { dismissRefused, flush, useQueue } from './queue.ts';
import { registerTerminal, useTerminal } from './terminal.ts';
import { type Notice, NoticeLine, Screen } from './ui.tsx';

/** What is still waiting on this device, and what the server refused when it arrived. */
export function Waiting() {
  const { t } = useTranslation();
  const { pending, refused } = useQueue();
  return (
    <section className="hh-waiting" aria-live="polite">
      <p className={pending.length > 0 ? 'hh-notice hh-info' : 'hh-muted'} data-testid="hh-pending">
        {pending.length > 0 ? t('handheld.pending', { count: pending.length }) : t('handheld.pendingNone')}
      </p>
      {pending.length > 0 && (
        <>
          <ul className="hh-list">
            {pending.map((step) => (
              <li key={step.key}>{step.label}</li>
            ))}
          </ul>
          <button type="button" className="hh-button" onClick={() => void flush()}>
            {t('handheld.sendNow')}
          </button>
        </>
      )}
      {refused.length > 0 && (
        <>
          <ul className="hh-list">
            {refused.map((step) => (
              <li key={step.key} className="hh-error" role="alert">
                {step.label}: {step.message}
              </li>
            ))}
          </ul>
          <button type="button" className="hh-button hh-small" onClick={dismissRefused}>
            {t('handheld.confirm')}
          </button>
        </>
      )}
    </section>
  );
}

export function Home() {
  const { t } = useTranslation();
  const terminal = useTerminal((s) => s.terminal);
  const user = useSession((s) => s.session?.userName);
  const signOut = async () => {
    await api.request('POST', '/api/bl-auth/logout', { quiet: true }).catch(() => undefined);
    clearSession();
  };
  return (
    <Screen title={t('handheld.title')}>
      <p className="hh-muted">
        {t('handheld.terminal', { code: terminal?.code ?? '' })} ·{' '}
        {t('handheld.warehouse', { code: terminal?.warehouseCode ?? '' })}
        {user ? ` · ${user}` : ''}
      </p>
      <nav className="hh-tasks">
        <button type="button" className="hh-button hh-task" onClick={() => go('lookup')}>
          {t('handheld.lookup')}
        </button>
        <button type="button" className="hh-button hh-task" onClick={() => go('move')}>
          {t('handheld.move')}
        </button>
      </nav>
      <Waiting />
      <LanguageSwitch />
      <button type="button" className="hh-button hh-small" onClick={() => void signOut()}>
        {t('handheld.signOut')}
      </button>
    </Screen>
  );
}

/** First use of a terminal: which warehouse it works in (kept on its record). */
export function WarehouseChoice() {
  const { t } = useTranslation();
  const [warehouses, setWarehouses] = useState<{ code: string; name: string }[]>([]);
  const [notice, setNotice] = useState<Notice>();
  useEffect(() => {
    api
      .request<{ records: { code: string; name: string }[] }>('GET', '/api/bl-wms/warehouse/list', {
        query: { current: 1, size: 50 },
        quiet: true,
      })
      .then((page) => setWarehouses(page.records))
      .catch((error: unknown) => setNotice({ kind: 'error', text: messageOf(error) }));
  }, []);
  const choose = async (code: string) => {
    try {
      await registerTerminal(code);
    } catch (error) {
      setNotice({ kind: 'error', text: messageOf(error) });
    }
  };
  return (
    <Screen title={t('handheld.chooseWarehouse')} onBack={clearSession}>
      <NoticeLine notice={notice} />
      <div className="hh-tasks">
        {warehouses.map((warehouse) => (
          <button
            key={warehouse.code}
            type="button"
            className="hh-button"
            onClick={() => void choose(warehouse.code)}
          >
            {warehouse.name} ({warehouse.code})
          </button>
        ))}
      </div>
    </Screen>
  );
}
