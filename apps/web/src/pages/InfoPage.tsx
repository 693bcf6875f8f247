import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Skeleton, Tabs } from 'antd';
import { md5 } from 'js-md5';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { reportError, useUserInfo } from '../api/query.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';

interface InfoForm {
  name: string;
  realName: string;
  phone: string;
  email: string;
}

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/** /info/index (spec 01 §2): the signed-in user's own name, contacts and password. */
export function InfoPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('info.pageTitle'));
  return (
    <div className="bl-page">
      <Card variant="borderless" data-testid="info-page">
        <Tabs
          items={[
            { key: 'basic', label: t('info.basic'), children: <BasicInfo /> },
            { key: 'password', label: t('info.password'), children: <PasswordChange /> },
          ]}
        />
      </Card>
    </div>
  );
}

function BasicInfo() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const userInfo = useUserInfo();
  const [saving, setSaving] = useState(false);
  if (!userInfo.data) return <Skeleton active />;
  const info = userInfo.data;
  const required = (field: string) => [
    { required: true, whitespace: true, message: t('login.required', { field }) },
  ];

  const save = async (values: InfoForm) => {
    setSaving(true);
    try {
      await client.request('POST', '/api/bl-system/user/update-info', { body: values });
      message.success(t('info.saved'));
      // The top bar shows the name from this answer.
      await queryClient.invalidateQueries({ queryKey: ['userInfo'] });
    } catch (error) {
      reportError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<InfoForm>
      name="info"
      layout="vertical"
      className="bl-info-form"
      initialValues={{ name: info.userName, realName: info.realName, phone: info.phone, email: info.email }}
      onFinish={save}
    >
      <Form.Item label={t('info.account')}>
        <Input value={info.account} disabled />
      </Form.Item>
      <Form.Item name="name" label={t('info.name')} rules={[...required(t('info.name')), { max: 64 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="realName" label={t('info.realName')} rules={[{ max: 64 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="phone" label={t('info.phone')} rules={[{ max: 32 }]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('info.email')}
        rules={[{ type: 'email', message: t('info.emailInvalid') }]}
      >
        <Input />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="info-save">
        {t('info.save')}
      </Button>
    </Form>
  );
}

function PasswordChange() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const required = (field: string) => ({ required: true, message: t('login.required', { field }) });

  const save = async (values: PasswordForm) => {
    setSaving(true);
    try {
      // Passwords travel as md5 hex, as on the sign-in page (spec 01 §7).
      await client.request('POST', '/api/bl-system/user/update-password', {
        body: {
          oldPassword: md5(values.oldPassword),
          newPassword: md5(values.newPassword),
          newPassword1: md5(values.newPassword1),
        },
      });
      message.success(t('info.saved'));
      form.resetFields();
    } catch (error) {
      reportError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<PasswordForm>
      form={form}
      name="password"
      layout="vertical"
      className="bl-info-form"
      onFinish={save}
    >
      <Form.Item name="oldPassword" label={t('info.oldPassword')} rules={[required(t('info.oldPassword'))]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('info.newPassword')} rules={[required(t('info.newPassword'))]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('info.newPassword1')}
        dependencies={['newPassword']}
        rules={[
          required(t('info.newPassword1')),
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('validate.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="password-save">
        {t('info.save')}
      </Button>
    </Form>
  );
}
