import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { ApiError, ResultCode } from '@bl/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Form, Input, Skeleton, Space, Tabs, Typography, Upload } from 'antd';
import { md5 } from 'js-md5';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { reportError, useUserInfo } from '../api/query.ts';
import { uploadFile } from '../crud/files.ts';
import { useAvatarSrc } from '../shell/useAvatar.ts';
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
  useDocumentTitle({ key: 'info.pageTitle' });
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

/** Where the signed-in user's avatar is sent (server: modules/resource/avatar.ts). */
const avatarPath = '/api/bl-system/user/avatar';

/** The avatar with its change button: a png, jpg, gif or webp picture of at most 512 KB. */
function AvatarPicker({ avatar }: { avatar: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const src = useAvatarSrc(avatar);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const answer = await uploadFile<{ avatar: string }>(avatarPath, file);
      if (answer.success) {
        message.success(t('info.avatarSaved'));
        await queryClient.invalidateQueries({ queryKey: ['userInfo'] });
      } else if (answer.code === ResultCode.unauthorized) {
        reportError(new ApiError(answer.code, answer.msg));
      } else {
        message.error(answer.msg);
      }
    } catch {
      message.error(t('common.networkError'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space align="center" size="large" className="bl-info-avatar">
      <Avatar size={72} icon={<UserOutlined />} src={src} data-testid="info-avatar" />
      <Space direction="vertical" size={4}>
        <Upload
          accept=".png,.jpg,.jpeg,.gif,.webp"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} data-testid="avatar-upload">
            {t('info.changeAvatar')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('info.avatarHint')}</Typography.Text>
      </Space>
    </Space>
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
      <Form.Item label={t('info.avatar')}>
        <AvatarPicker avatar={info.avatar} />
      </Form.Item>
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

/** The own-password form: on the personal-info page, and alone in the first-sign-in dialog. */
export function PasswordChange({ onSaved }: { onSaved?: () => void }) {
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
      onSaved?.();
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
