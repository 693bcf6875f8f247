import {
  BarChartOutlined,
  CloudServerOutlined,
  GithubOutlined,
  LockOutlined,
  MobileOutlined,
  NodeIndexOutlined,
  QqOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { defaultTenantId, type TokenAnswer } from '@bl/contract';
import {
  App,
  Button,
  type ButtonProps,
  Divider,
  Form,
  Input,
  Modal,
  Space,
  Tabs,
  Tooltip,
  Typography,
} from 'antd';
import { md5 } from 'js-md5';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { client } from '../api/client.ts';
import { failureMessage, queryClient, resetUnauthorizedCount } from '../api/query.ts';
import { clearSession, saveSession, tokenCookieKept, useSession } from '../session.ts';
import { dismissToast, toastError } from '../shell/feedback.ts';
import { preloadHome } from '../shell/homeChunks.ts';
import { LanguageSwitch } from '../shell/LanguageSwitch.tsx';
import { Logo } from '../shell/Logo.tsx';
import { useLock } from '../shell/lock.ts';
import { homePath, useTabs } from '../shell/tabs.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { readStoredText, writeStoredText } from '../utils/storage.ts';

interface LoginForm {
  tenantId: string;
  account: string;
  password: string;
  phone: string;
  code: string;
  domainAccount: string;
  domainPassword: string;
}

const loginTabs = ['account', 'phone', 'domain'] as const;
type LoginTab = (typeof loginTabs)[number];

/** The way this browser last signed in: staff who use their domain account find it open next time. */
const lastTabKey = 'login-tab';
const isLoginTab = (value: string): value is LoginTab => (loginTabs as readonly string[]).includes(value);
const lastTab = (): LoginTab => {
  const stored = readStoredText(lastTabKey) ?? '';
  return isLoginTab(stored) ? stored : 'account';
};

/** The tenant a social sign-in started for, kept across the trip to the provider and back. */
const socialTenantKey = 'social-tenant';

/** Gitee has no antd icon: its mark is a bold "G". */
function GiteeIcon() {
  return <span className="bl-login-gitee">G</span>;
}

const socialSources: { source: 'wechat' | 'qq' | 'github' | 'gitee'; icon: ReactNode }[] = [
  { source: 'wechat', icon: <WechatOutlined /> },
  { source: 'qq', icon: <QqOutlined /> },
  { source: 'github', icon: <GithubOutlined /> },
  { source: 'gitee', icon: <GiteeIcon /> },
];

export function LoginPage() {
  const signedIn = useSession((s) => s.session !== null);
  if (signedIn) return <Navigate to={homePath} replace />;
  return <Login />;
}

function Login() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginForm>();
  const [tab, setTab] = useState<LoginTab>(lastTab);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<TokenAnswer | null>(null);
  const [wait, setWait] = useState(0);
  useDocumentTitle({ key: 'login.pageTitle' });

  // The resend countdown of spec 02 §2, one second at a time.
  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((left) => left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  const required = (field: string) => [
    { required: true, whitespace: true, message: t('login.required', { field }) },
  ];

  const failed = (error: unknown) => toastError(failureMessage(error), 'login');

  /** A sign-in answer: tokens start the session; openCodeCheck "1" stores nothing and asks for the code. */
  const finish = (answer: TokenAnswer) => {
    if (answer.openCodeCheck === '1' && !answer.accessToken) {
      setChallenge(answer);
      return;
    }
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
      return;
    }
    resetUnauthorizedCount();
    navigate(homePath, { replace: true });
  };

  const attempt = async (call: () => Promise<TokenAnswer>) => {
    setSubmitting(true);
    // The home page's code travels while the credentials are checked.
    preloadHome();
    try {
      finish(await call());
    } catch (error) {
      failed(error);
    } finally {
      setSubmitting(false);
    }
  };

  const signInWith = (values: LoginForm): Promise<TokenAnswer> => {
    const tenantId = values.tenantId.trim();
    if (tab === 'phone')
      return client.signInPhone({ tenantId, phone: values.phone.trim(), code: values.code.trim() });
    // The directory checks the password itself, so it goes as typed (not as md5), in the body.
    if (tab === 'domain')
      return client.signInDomain({
        tenantId,
        account: values.domainAccount.trim(),
        password: values.domainPassword,
      });
    return client.signIn({ tenantId, account: values.account.trim(), passwordMd5: md5(values.password) });
  };

  const onFinish = (values: LoginForm) =>
    attempt(async () => {
      const answer = await signInWith(values);
      writeStoredText(lastTabKey, tab);
      return answer;
    });

  const sendCode = async () => {
    const values = await form.validateFields(['tenantId', 'phone']).catch(() => null);
    if (!values) return;
    try {
      const sent = await client.sendCode({ tenantId: values.tenantId.trim(), phone: values.phone.trim() });
      setWait(sent.seconds);
      message.success(t('login.codeSent'));
    } catch (error) {
      failed(error);
    }
  };

  const startSocial = async (source: string) => {
    const tenantId = String(form.getFieldValue('tenantId') ?? '').trim() || defaultTenantId;
    try {
      const { url } = await client.socialAuthorize({ tenantId, source });
      writeStoredText(socialTenantKey, tenantId, 'session');
      window.location.assign(url);
    } catch (error) {
      failed(error);
    }
  };

  // Back from a provider (spec 01 §7 social grant): /login?source=…&code=…&state=….
  const [search] = useSearchParams();
  const returned = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the query the page opened with
  useEffect(() => {
    const source = search.get('source');
    const code = search.get('code');
    const state = search.get('state');
    if (!source || !code || !state || returned.current) return;
    returned.current = true;
    const tenantId = readStoredText(socialTenantKey, 'session') || defaultTenantId;
    form.setFieldValue('tenantId', tenantId);
    navigate('/login', { replace: true });
    void attempt(() => client.signInSocial({ tenantId, source, code, state }));
  }, []);

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
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as LoginTab)}
            items={[
              { key: 'account', label: <span data-testid="login-tab-account">{t('login.tabAccount')}</span> },
              { key: 'phone', label: <span data-testid="login-tab-phone">{t('login.tabPhone')}</span> },
              { key: 'domain', label: <span data-testid="login-tab-domain">{t('login.tabDomain')}</span> },
            ]}
          />
          <Form<LoginForm>
            form={form}
            name="login"
            size="large"
            layout="vertical"
            requiredMark={false}
            initialValues={{
              tenantId: defaultTenantId,
              account: '',
              password: '',
              phone: '',
              code: '',
              domainAccount: '',
              domainPassword: '',
            }}
            onFinish={onFinish}
          >
            <Form.Item name="tenantId" label={t('login.tenantId')} rules={required(t('login.tenantId'))}>
              <Input
                prefix={<TeamOutlined />}
                placeholder={t('login.tenantId')}
                autoComplete="organization"
              />
            </Form.Item>
            {tab === 'domain' && (
              <>
                <Form.Item
                  name="domainAccount"
                  label={t('login.domainAccount')}
                  extra={t('login.domainHint')}
                  rules={required(t('login.domainAccount'))}
                >
                  <Input
                    prefix={<CloudServerOutlined />}
                    placeholder={t('login.domainAccount')}
                    autoComplete="username"
                    data-testid="login-domain-account"
                  />
                </Form.Item>
                <Form.Item
                  name="domainPassword"
                  label={t('login.domainPassword')}
                  rules={required(t('login.domainPassword'))}
                >
                  <Input.Password
                    prefix={<LockOutlined />}
                    placeholder={t('login.domainPassword')}
                    autoComplete="current-password"
                    data-testid="login-domain-password"
                  />
                </Form.Item>
              </>
            )}
            {tab === 'account' && (
              <>
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
              </>
            )}
            {tab === 'phone' && (
              <>
                <Form.Item name="phone" label={t('login.phone')} rules={required(t('login.phone'))}>
                  <Input
                    prefix={<MobileOutlined />}
                    placeholder={t('login.phone')}
                    autoComplete="tel"
                    data-testid="login-phone"
                  />
                </Form.Item>
                <Form.Item label={t('login.code')} required={false}>
                  <Space.Compact block>
                    <Form.Item name="code" noStyle rules={required(t('login.code'))}>
                      <Input
                        prefix={<SafetyOutlined />}
                        placeholder={t('login.code')}
                        autoComplete="one-time-code"
                        maxLength={6}
                        data-testid="login-code"
                      />
                    </Form.Item>
                    <Button onClick={sendCode} disabled={wait > 0} data-testid="login-send-code">
                      {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.sendCode')}
                    </Button>
                  </Space.Compact>
                </Form.Item>
              </>
            )}
            <Form.Item className="bl-login-submit">
              <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
                {t('login.submit')}
              </Button>
            </Form.Item>
          </Form>
          <Divider plain className="bl-login-social-divider">
            {t('login.social')}
          </Divider>
          <div className="bl-login-social">
            {socialSources.map(({ source, icon }) => (
              <Tooltip key={source} title={t(`login.source.${source}`)}>
                <Button
                  shape="circle"
                  size="large"
                  icon={icon}
                  aria-label={t(`login.source.${source}`)}
                  onClick={() => startSocial(source)}
                  data-testid={`login-social-${source}`}
                />
              </Tooltip>
            ))}
          </div>
          <DynamicCodeDialog challenge={challenge} onClose={() => setChallenge(null)} onSignedIn={finish} />
        </section>
      </main>
      <footer className="bl-login-footer">{t('login.copyright', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}

/**
 * The dynamic-code check dialog (spec 01 §4, spec 02 §2): the password was right, the account
 * asks for the code sent to its phone; nothing is stored until the code completes the sign-in.
 */
function DynamicCodeDialog({
  challenge,
  onClose,
  onSignedIn,
}: {
  challenge: TokenAnswer | null;
  onClose: () => void;
  onSignedIn: (answer: TokenAnswer) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const open = challenge !== null;
  useEffect(() => {
    if (open) setCode('');
  }, [open]);

  const check = async () => {
    if (!challenge) return;
    if (!code.trim()) {
      toastError(t('login.codeRequired'), 'login');
      return;
    }
    setChecking(true);
    try {
      const answer = await client.checkDynamicCode({
        codeChallenge: challenge.codeChallenge ?? '',
        code: code.trim(),
      });
      onClose();
      onSignedIn(answer);
    } catch (error) {
      toastError(failureMessage(error), 'login');
    } finally {
      setChecking(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('login.codeCheckTitle')}
      okText={t('login.codeCheckOk')}
      cancelText={t('common.cancel')}
      onOk={check}
      onCancel={onClose}
      confirmLoading={checking}
      maskClosable={false}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'code-check-ok' } as ButtonProps}
    >
      <p>{t('login.codeCheckIntro', { phone: challenge?.codePhone ?? '' })}</p>
      <Input
        size="large"
        prefix={<SafetyOutlined />}
        placeholder={t('login.code')}
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onPressEnter={check}
        autoFocus
        data-testid="code-check-input"
      />
    </Modal>
  );
}
