import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScanner } from './scanner.ts';

/** One screen: a title bar with a way back, the task, nothing else (ADR 0041: one task per screen). */
export function Screen({
  title,
  onBack,
  children,
}: {
  title: string;
  onBack?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main className="hh-screen">
      <header className="hh-bar">
        {onBack && (
          <button type="button" className="hh-back" onClick={onBack} aria-label={t('handheld.back')}>
            ‹
          </button>
        )}
        <h1>{title}</h1>
      </header>
      <div className="hh-body">{children}</div>
    </main>
  );
}

export type Notice = { kind: 'error' | 'ok' | 'info'; text: string } | undefined;

export function NoticeLine({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p className={`hh-notice hh-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </p>
  );
}

/**
 * Where a code is scanned: the wedge scanner's burst anywhere on the screen (useScanner), or the
 * code typed into the field and OK pressed, both end in `onScan`. `busy` while a scan is checked.
 */
export function ScanField({
  label,
  onScan,
  busy,
}: {
  label: string;
  onScan: (code: string) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useScanner((code) => {
    setTyped('');
    onScan(code);
  }, !busy);
  useEffect(() => field.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = typed.trim();
    if (!code || busy) return;
    setTyped('');
    onScan(code);
  };
  return (
    <form className="hh-scan" onSubmit={submit}>
      <label className="hh-label" htmlFor="hh-code">
        {label}
      </label>
      <div className="hh-row">
        <input
          id="hh-code"
          data-scan-field=""
          ref={field}
          className="hh-input"
          value={typed}
          autoComplete="off"
          autoCapitalize="characters"
          enterKeyHint="go"
          placeholder={t('handheld.scanHint')}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="hh-button hh-small" disabled={busy}>
          {t('handheld.confirm')}
        </button>
      </div>
    </form>
  );
}
