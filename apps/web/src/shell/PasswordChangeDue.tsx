import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { client } from '../api/client.ts';
import { forgetSession } from '../api/query.ts';
import { PasswordChange } from '../pages/InfoPage.tsx';
import { passwordChanged } from '../session.ts';

/**
 * The first sign-in with a password others know (the demo `admin`, a new tenant's or a reset
 * one; the token answer says `passwordChangeDue`): only this dialog shows, and the server answers
 * nothing else, until the password is changed. The way out is signing out.
 */
export function PasswordChangeDue() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const signOut = async () => {
    // Signing out locally must not depend on the server agreeing.
    await client.logout().catch(() => undefined);
    forgetSession();
    navigate('/login', { replace: true });
  };

  return (
    <div className="bl-guest">
      <Modal
        open
        title={t('info.dueTitle')}
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={
          <Button onClick={signOut} data-testid="password-due-sign-out">
            {t('info.dueSignOut')}
          </Button>
        }
      >
        <Typography.Paragraph data-testid="password-due">{t('info.dueIntro')}</Typography.Paragraph>
        <PasswordChange onSaved={passwordChanged} />
      </Modal>
    </div>
  );
}
