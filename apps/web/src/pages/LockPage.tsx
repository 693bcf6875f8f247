import { LockOutlined, LogoutOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { client } from '../api/client.ts';
import { forgetSession } from '../api/query.ts';
import { useSession } from '../session.ts';
import { LanguageSwitch } from '../shell/LanguageSwitch.tsx';
import { Logo } from '../shell/Logo.tsx';
import { lockPath, useLock } from '../shell/lock.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';

/** Where the lock button came from, to return there once unlocked. */
export interface LockFrom {
  from?: string;
}

/** /lock (spec 01 §2, §4): the locked screen, opened again only with the lock password. */
export function LockPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const userName = useSession((s) => s.session?.userName ?? '');
  const [form] = Form.useForm<{ passwd: string }>();
  useDocumentTitle({ key: 'lock.pageTitle' });

  const locked = useLock((s) => s.locked);

  const unlock = ({ passwd }: { passwd: string }) => {
    if (!useLock.getState().unlock(passwd)) {
      message.error(t('lock.wrongPassword'));
      form.setFieldValue('passwd', '');
    }
  };

  const signOut = () =>
    modal.confirm({
      title: t('shell.logoutTitle'),
      content: t('shell.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await client.logout().catch(() => undefined);
        forgetSession();
        navigate('/login', { replace: true });
      },
    });

  // Unlocked (just now, or never locked): back to the page the lock interrupted.
  if (!locked) {
    const from = (location.state as LockFrom | null)?.from;
    return <Navigate to={from?.startsWith('/') && !from.startsWith(lockPath) ? from : '/'} replace />;
  }

  return (
    <div className="bl-lock">
      <div className="bl-lock-top">
        <div className="bl-login-logo">
          <Logo size={30} />
          <span>{t('app.title')}</span>
        </div>
        <LanguageSwitch className="bl-login-language" />
      </div>
      <main className="bl-lock-card" data-testid="lock-page">
        <Avatar size={72} icon={<UserOutlined />} className="bl-avatar" />
        <Typography.Title level={4} className="bl-lock-name">
          {userName}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          <LockOutlined /> {t('lock.hint')}
        </Typography.Paragraph>
        <Form form={form} name="unlock" onFinish={unlock} className="bl-lock-form">
          <Form.Item name="passwd" rules={[{ required: true, message: t('validate.lockPasswordRequired') }]}>
            <Input.Password
              size="large"
              autoFocus
              placeholder={t('lock.placeholder')}
              prefix={<LockOutlined />}
              data-testid="unlock-password"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            icon={<UnlockOutlined />}
            data-testid="unlock"
          >
            {t('lock.unlock')}
          </Button>
        </Form>
        <Button type="link" icon={<LogoutOutlined />} onClick={signOut} data-testid="lock-logout">
          {t('lock.logout')}
        </Button>
      </main>
    </div>
  );
}
