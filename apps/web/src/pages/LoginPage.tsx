import {
  BarChartOutlined,
  LockOutlined,
  NodeIndexOutlined,
  SafetyCertificateOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { defaultTenantId } from '@bl/contract';
import { Button, Form, Input, Typography } from 'antd';
import { md5 } from 'js-md5';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { client } from '../api/client.ts';
import { failureMessage, queryClient, resetUnauthorizedCount } from '../api/query.ts';
import { clearSession, saveSession, tokenCookieKept, useSession } from '../session.ts';
import { dismissToast, toastError } from '../shell/feedback.ts';
import { LanguageSwitch } from '../shell/LanguageSwitch.tsx';
import { Logo } from '../shell/Logo.tsx';
import { useLock } from '../shell/lock.ts';
import { homePath, useTabs } from '../shell/tabs.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';

interface LoginForm {
  tenantId: string;
  account: string;
  password: string;
}

export function LoginPage() {
  const signedIn = useSession((s) => s.session !== null);
  if (signedIn) return <Navigate to={homePath} replace />;
  return <Login />;
}

function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  useDocumentTitle(t('login.pageTitle'));

  const required = (field: string) => [
    { required: true, whitespace: true, message: t('login.required', { field }) },
  ];

  const onFinish = async (values: LoginForm) => {
    setSubmitting(true);
    try {
      const answer = await client.signIn({
        tenantId: values.tenantId.trim(),
        account: values.account.trim(),
        passwordMd5: md5(values.password),
      });
      queryClient.clear();
      dismissToast('login');
      // A new session starts with only the home tab and nothing locked (spec 01 §4).
      useTabs.getState().reset();
      useLock.getState().clear();
      saveSession(answer);
      if (!tokenCookieKept()) {
        // The browser refused the token cookie: signed in, the next page would not know it.
        clearSession();
        toastError(t('login.cookieMissing'), 'login');
        setSubmitting(false);
        return;
      }
      resetUnauthorizedCount();
      navigate(homePath, { replace: true });
    } catch (error) {
      toastError(failureMessage(error), 'login');
      setSubmitting(false);
    }
  };

  const features = [
    { icon: <SwapOutlined />, text: t('login.featureInbound') },
    { icon: <BarChartOutlined />, text: t('login.featureStock') },
    { icon: <NodeIndexOutlined />, text: t('login.featureBilling') },
    { icon: <SafetyCertificateOutlined />, text: t('login.featureTenant') },
  ];

  return (
    <div className="bl-login">
      <div className="bl-login-top">
        <div className="bl-login-logo">
          <Logo size={34} />
          <span>{t('app.title')}</span>
        </div>
        <LanguageSwitch className="bl-login-language" />
      </div>
      <main className="bl-login-panel">
        <section className="bl-login-brand">
          <h1>{t('login.brandHeadline')}</h1>
          <p>{t('login.brandText')}</p>
          <ul>
            {features.map((feature) => (
              <li key={feature.text}>
                <span className="bl-login-feature-icon">{feature.icon}</span>
                {feature.text}
              </li>
            ))}
          </ul>
        </section>
        <section className="bl-login-card">
          <Typography.Title level={3} className="bl-login-heading">
            {t('login.heading')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('login.intro')}</Typography.Paragraph>
          <Form<LoginForm>
            name="login"
            size="large"
            layout="vertical"
            requiredMark={false}
            initialValues={{ tenantId: defaultTenantId, account: '', password: '' }}
            onFinish={onFinish}
          >
            <Form.Item name="tenantId" label={t('login.tenantId')} rules={required(t('login.tenantId'))}>
              <Input
                prefix={<TeamOutlined />}
                placeholder={t('login.tenantId')}
                autoComplete="organization"
              />
            </Form.Item>
            <Form.Item name="account" label={t('login.account')} rules={required(t('login.account'))}>
              <Input prefix={<UserOutlined />} placeholder={t('login.account')} autoComplete="username" />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={required(t('login.password'))}>
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('login.password')}
                autoComplete="current-password"
              />
            </Form.Item>
            <Form.Item className="bl-login-submit">
              <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
                {t('login.submit')}
              </Button>
            </Form.Item>
          </Form>
        </section>
      </main>
      <footer className="bl-login-footer">{t('login.copyright', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
