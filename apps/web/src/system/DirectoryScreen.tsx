import { ApiOutlined, SaveOutlined } from '@ant-design/icons';
import { directoryTimeoutMs } from '@bl/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { reportError, useButtonCodes } from '../api/query.ts';
import { allButtons } from '../crud/access.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';

/** The settings as `directory/detail` answers them: the service password only as "set". */
interface DirectoryView {
  enabled: boolean;
  url: string;
  bindDn: string;
  bindPasswordSet: boolean;
  baseDn: string;
  loginAttributes: string;
  userFilter: string;
  timeoutSeconds: number;
  rejectUnauthorized: boolean;
  updateTime: string | null;
}

interface DirectoryForm extends Omit<DirectoryView, 'bindPasswordSet' | 'updateTime'> {
  bindPassword: string;
  clearBindPassword: boolean;
  account: string;
}

interface TestAnswer {
  ok: boolean;
  stage: 'connect' | 'serviceBind' | 'search' | 'done';
  message: string;
  dn?: string;
}

const base = '/api/bl-system/directory';

/** What the directory products ship with: the login attributes and filter of each. */
const presets = {
  ad: { loginAttributes: 'sAMAccountName,userPrincipalName', userFilter: '(objectClass=person)' },
  openLdap: { loginAttributes: 'uid', userFilter: '(objectClass=inetOrgPerson)' },
} as const;

/** The form's values as the server takes them (what it does not know is left out). */
function settingsOf(values: DirectoryForm) {
  return {
    enabled: values.enabled,
    url: values.url ?? '',
    bindDn: values.bindDn ?? '',
    // Blank keeps the stored password; it is never shown, so the field starts blank.
    ...(values.bindPassword && { bindPassword: values.bindPassword }),
    clearBindPassword: !values.bindPassword && values.clearBindPassword,
    baseDn: values.baseDn ?? '',
    loginAttributes: values.loginAttributes ?? '',
    userFilter: values.userFilter ?? '',
    timeoutSeconds: values.timeoutSeconds,
    rejectUnauthorized: values.rejectUnauthorized,
  };
}

/**
 * Directory sign-in settings (/system/directory, ADR 0013): where the tenant's Active
 * Directory or LDAP server is, the service account that finds people in it, and a test of a
 * connection with what the form holds, saved or not. Staff are enabled one by one on the staff
 * screen. Behind `directory_view`, `directory_edit` and `directory_test`.
 */
export function DirectoryScreen() {
  const { t } = useTranslation();
  useDocumentTitle({ key: 'menu.directory' });
  const codes = useButtonCodes().data;
  const may = (action: 'view' | 'edit' | 'test') =>
    !!codes && (codes.has(allButtons) || codes.has(`directory_${action}`));
  const settings = useQuery({
    queryKey: ['directory'],
    queryFn: () => client.request<DirectoryView>('GET', `${base}/detail`),
    enabled: may('view'),
  });
  if (!codes) return <Skeleton active />;
  if (!may('view')) return <Result className="bl-result" status="403" title={t('directory.forbidden')} />;
  return (
    <div className="bl-page">
      <Card variant="borderless" title={t('menu.directory')} data-testid="directory-screen">
        <Typography.Paragraph type="secondary" className="bl-directory-intro">
          {t('directory.intro')}
        </Typography.Paragraph>
        {settings.data ? (
          <DirectoryForm view={settings.data} canEdit={may('edit')} canTest={may('test')} />
        ) : (
          <Skeleton active />
        )}
      </Card>
    </div>
  );
}

function DirectoryForm({
  view,
  canEdit,
  canTest,
}: {
  view: DirectoryView;
  canEdit: boolean;
  canTest: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DirectoryForm>();
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<TestAnswer>();
  const enabled = Form.useWatch('enabled', form) ?? view.enabled;
  const url: string = Form.useWatch('url', form) ?? view.url;
  const passwordTyped: string = Form.useWatch('bindPassword', form) ?? '';

  // Enabled settings must be complete; a switched-off draft may wait for its details.
  const needed = (field: string) => [
    { required: enabled, whitespace: true, message: t('login.required', { field }) },
  ];

  const save = async (values: DirectoryForm) => {
    setSaving(true);
    try {
      const saved = await client.request<DirectoryView>('POST', `${base}/submit`, {
        body: settingsOf(values),
      });
      queryClient.setQueryData(['directory'], saved);
      form.setFieldsValue({ bindPassword: '', clearBindPassword: false });
      message.success(t('directory.saved'));
    } catch (error) {
      reportError(error);
    } finally {
      setSaving(false);
    }
  };

  const test = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setTesting(true);
    setTested(undefined);
    try {
      const answer = await client.request<TestAnswer>('POST', `${base}/test`, {
        body: { ...settingsOf(values), account: (values.account ?? '').trim() },
        timeoutMs: directoryTimeoutMs,
      });
      setTested(answer);
    } catch (error) {
      reportError(error);
    } finally {
      setTesting(false);
    }
  };

  const preset = (name: keyof typeof presets) => form.setFieldsValue(presets[name]);
  const plainLdap = url.split(/[\s,]+/).some((address) => address.toLowerCase().startsWith('ldap://'));

  return (
    <Form<DirectoryForm>
      form={form}
      name="directory"
      layout="vertical"
      className="bl-directory-form"
      disabled={!canEdit && !canTest}
      initialValues={{ ...view, bindPassword: '', clearBindPassword: false, account: '' }}
      onFinish={save}
      onValuesChange={() => setTested(undefined)}
    >
      <Row gutter={[32, 16]}>
        <Col xs={24} xl={14}>
          <Form.Item name="enabled" label={t('directory.enabled')} valuePropName="checked">
            <Switch data-testid="directory-enabled" />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('directory.url')}
            extra={t('directory.urlHelp')}
            rules={[...needed(t('directory.url')), { max: 500 }]}
          >
            <Input placeholder="ldaps://dc1.corp.example:636" data-testid="directory-url" />
          </Form.Item>
          {plainLdap && (
            <Alert
              className="bl-directory-alert"
              type="warning"
              showIcon
              message={t('directory.plainWarning')}
            />
          )}
          <Form.Item
            name="bindDn"
            label={t('directory.bindDn')}
            extra={t('directory.bindDnHelp')}
            rules={[{ max: 500 }]}
          >
            <Input placeholder="CN=svc-wms,OU=Service,DC=corp,DC=example" data-testid="directory-bind-dn" />
          </Form.Item>
          <Form.Item
            name="bindPassword"
            label={t('directory.bindPassword')}
            extra={view.bindPasswordSet ? t('directory.passwordSet') : t('directory.passwordNotSet')}
            rules={[{ max: 256 }]}
          >
            <Input.Password
              autoComplete="new-password"
              placeholder={view.bindPasswordSet ? t('directory.passwordKept') : ''}
              data-testid="directory-bind-password"
            />
          </Form.Item>
          {view.bindPasswordSet && !passwordTyped && (
            <Form.Item name="clearBindPassword" valuePropName="checked" className="bl-directory-clear">
              <Checkbox>{t('directory.clearPassword')}</Checkbox>
            </Form.Item>
          )}
          <Form.Item
            name="baseDn"
            label={t('directory.baseDn')}
            extra={t('directory.baseDnHelp')}
            rules={[...needed(t('directory.baseDn')), { max: 500 }]}
          >
            <Input placeholder="DC=corp,DC=example" data-testid="directory-base-dn" />
          </Form.Item>
          <Form.Item
            label={t('directory.loginAttributes')}
            extra={
              <Space size={4} wrap>
                {t('directory.presets')}
                <Button type="link" size="small" onClick={() => preset('ad')}>
                  Active Directory
                </Button>
                <Button type="link" size="small" onClick={() => preset('openLdap')}>
                  OpenLDAP
                </Button>
              </Space>
            }
            required
          >
            <Form.Item
              name="loginAttributes"
              noStyle
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: t('login.required', { field: t('directory.loginAttributes') }),
                },
                { max: 255 },
              ]}
            >
              <Input data-testid="directory-attributes" />
            </Form.Item>
          </Form.Item>
          <Form.Item
            name="userFilter"
            label={t('directory.userFilter')}
            extra={t('directory.userFilterHelp')}
            rules={[{ max: 1000 }]}
          >
            <Input placeholder="(objectClass=person)" data-testid="directory-filter" />
          </Form.Item>
          <Form.Item
            name="timeoutSeconds"
            label={t('directory.timeoutSeconds')}
            rules={[
              { required: true, message: t('login.required', { field: t('directory.timeoutSeconds') }) },
            ]}
          >
            <InputNumber min={1} max={30} precision={0} data-testid="directory-timeout" />
          </Form.Item>
          <Form.Item
            name="rejectUnauthorized"
            valuePropName="checked"
            extra={t('directory.rejectUnauthorizedHelp')}
          >
            <Checkbox>{t('directory.rejectUnauthorized')}</Checkbox>
          </Form.Item>
          {canEdit && (
            <Form.Item>
              <Space>
                <Button
                  type="primary"
                  htmlType="submit"
                  icon={<SaveOutlined />}
                  loading={saving}
                  data-testid="directory-save"
                >
                  {t('directory.save')}
                </Button>
                {view.updateTime && (
                  <Typography.Text type="secondary">
                    {t('directory.updated', {
                      time: new Date(view.updateTime).toLocaleString(
                        i18n.language === 'en' ? 'en-GB' : 'zh-CN',
                      ),
                    })}
                  </Typography.Text>
                )}
              </Space>
            </Form.Item>
          )}
        </Col>
        {canTest && (
          <Col xs={24} xl={10}>
            <Card type="inner" title={t('directory.testTitle')} className="bl-directory-test">
              <Form.Item
                name="account"
                label={t('directory.testAccount')}
                extra={t('directory.testAccountHelp')}
              >
                <Input placeholder="zhang.san" data-testid="directory-test-account" />
              </Form.Item>
              <Form.Item>
                <Button icon={<ApiOutlined />} onClick={test} loading={testing} data-testid="directory-test">
                  {t('buttons.test')}
                </Button>
              </Form.Item>
              {tested && (
                <Alert
                  type={tested.ok ? 'success' : 'error'}
                  showIcon
                  message={tested.ok ? t('directory.testOk') : t(`directory.stage.${tested.stage}`)}
                  description={tested.message}
                  data-testid="directory-test-result"
                />
              )}
            </Card>
          </Col>
        )}
      </Row>
    </Form>
  );
}
