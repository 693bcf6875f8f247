import { ApiError } from '@bl/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearSession, useSession } from '../session.ts';
import { messageOf } from './api.ts';
import { Home, WarehouseChoice } from './Home.tsx';
import { Lookup } from './Lookup.tsx';
import { Move } from './Move.tsx';
import { useRoute } from './navigation.ts';
import { flush } from './queue.ts';
import { PasswordChange, SignIn } from './SignIn.tsx';
import { registerTerminal, useTerminal } from './terminal.ts';
import { NoticeLine, Screen } from './ui.tsx';

/**
 * The handheld app (ADR 0041): sign-in, a forced password change, the terminal's registration
 * and warehouse, then one screen per task. Who is signed in is the desktop's session (the same
 * cookies and token); the terminal is asked of the server once per start.
 */
export function HandheldApp() {
  const { t } = useTranslation();
  const session = useSession((s) => s.session);
  const { terminal } = useTerminal();
  const route = useRoute();
  const [problem, setProblem] = useState<string>();

  // Signed in: this device's terminal, registered (or stamped) for the session.
  useEffect(() => {
    if (!session || session.passwordChangeDue || terminal) return;
    setProblem(undefined);
    registerTerminal()
      .then((registered) => {
        // Refused (disabled): the sign-in screen shows why.
        if (!registered) clearSession();
      })
      .catch((error: unknown) => {
        if (!(error instanceof ApiError && error.code === 401)) setProblem(messageOf(error));
      });
  }, [session, terminal]);

  // Signed in and registered: whatever waits on the device goes now.
  useEffect(() => {
    if (session && terminal) void flush();
  }, [session, terminal]);

  // Signed out (here, by a 401, or a disabled terminal): the terminal is asked again next time.
  useEffect(() => {
    if (!session) useTerminal.setState({ terminal: undefined });
  }, [session]);

  if (!session) return <SignIn key={useTerminal.getState().refused ?? ''} />;
  if (session.passwordChangeDue) return <PasswordChange />;
  if (!terminal)
    return (
      <Screen title={t('handheld.title')}>
        <NoticeLine
          notice={problem ? { kind: 'error', text: problem } : { kind: 'info', text: t('common.loading') }}
        />
      </Screen>
    );
  if (!terminal.warehouseCode) return <WarehouseChoice />;
  if (route === 'lookup') return <Lookup />;
  if (route === 'move') return <Move />;
  return <Home />;
}
