import { md5 } from 'js-md5';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearSession, passwordChanged, saveSession } from '../session.ts';
import { readText, writeText } from '../storage.ts';
import { api, messageOf } from './api.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useTerminal } from './terminal.ts';
import { type Notice, NoticeLine, Screen } from './ui.tsx';

const tenantKey = 'handheld-tenant';

/** Sign-in with the desktop's accounts, through the same token call (ADR 0003). */
export function SignIn() {
  const { t } = useTranslation();
  const refused = useTerminal((s) => s.refused);
  const [tenantId, setTenantId] = useState(readText(tenantKey) ?? '000000');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(refused ? { kind: 'error', text: refused } : undefined);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = [
      [tenantId, 'tenantId'],
      [account, 'account'],
      [password, 'password'],
    ].find(([value]) => !value?.trim())?.[1] as 'tenantId' | 'account' | 'password' | undefined;
    if (missing) {
      setNotice({ kind: 'error', text: t('handheld.required', { field: t(`handheld.${missing}`) }) });
      return;
    }
    setBusy(true);
    setNotice({ kind: 'info', text: t('handheld.signingIn') });
    try {
      const answer = await api.signIn({
        tenantId: tenantId.trim(),
        account: account.trim(),
        passwordMd5: md5(password),
      });
      writeText(tenantKey, tenantId.trim());
      useTerminal.setState({ refused: undefined });
      // The app registers the terminal once signed in, after a forced password change if any.
      saveSession(answer);
    } catch (error) {
      setNotice({ kind: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Screen title={t('handheld.title')}>
      <form className="hh-form" onSubmit={submit}>
        <label className="hh-label">
          {t('handheld.tenantId')}
          <input
            className="hh-input"
            value={tenantId}
            onChange={(e) => setTenantId(e.target.value)}
            name="tenantId"
          />
        </label>
        <label className="hh-label">
          {t('handheld.account')}
          <input
            className="hh-input"
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            name="account"
            autoComplete="username"
            autoCapitalize="none"
          />
        </label>
        <label className="hh-label">
          {t('handheld.password')}
          <input
            className="hh-input"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            name="password"
            autoComplete="current-password"
          />
        </label>
        <NoticeLine notice={notice} />
        <button type="submit" className="hh-button hh-primary" disabled={busy}>
          {t('handheld.signIn')}
        </button>
      </form>
      <LanguageSwitch />
    </Screen>
  );
}

/** The forced change of a password others know (ADR 0003): nothing else works until it is done. */
export function PasswordChange() {
  const { t } = useTranslation();
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', newPassword1: '' });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>({ kind: 'info', text: t('handheld.passwordDue') });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.newPassword !== values.newPassword1) {
      setNotice({ kind: 'error', text: t('handheld.passwordMismatch') });
      return;
    }
    setBusy(true);
    try {
      // Passwords travel as md5 hex, as on the desktop (spec 01 §7).
      await api.request('POST', '/api/bl-system/user/update-password', {
        quiet: true,
        body: {
          oldPassword: md5(values.oldPassword),
          newPassword: md5(values.newPassword),
          newPassword1: md5(values.newPassword1),
        },
      });
      passwordChanged();
    } catch (error) {
      setNotice({ kind: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof typeof values, autoComplete: string) => (
    <label className="hh-label">
      {t(`handheld.${name}`)}
      <input
        className="hh-input"
        type="password"
        name={name}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      />
    </label>
  );
  return (
    <Screen title={t('handheld.changePassword')} onBack={clearSession}>
      <form className="hh-form" onSubmit={submit}>
        {field('oldPassword', 'current-password')}
        {field('newPassword', 'new-password')}
        {field('newPassword1', 'new-password')}
        <NoticeLine notice={notice} />
        <button type="submit" className="hh-button hh-primary" disabled={busy}>
          {t('handheld.changePassword')}
        </button>
      </form>
    </Screen>
  );
}
