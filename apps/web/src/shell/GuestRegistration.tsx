import { ApiError } from '@bl/contract';
import { App, Button, Form, Input, Modal } from 'antd';
import { md5 } from 'js-md5';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { client } from '../api/client.ts';
import { forgetSession } from '../api/query.ts';
import type { Session } from '../session.ts';
import { type RegistrationForm, validateRegistration } from '../utils/validate.ts';

/**
 * The third-party registration dialog (spec 01 §5). A social sign-in of an identity no account
 * holds yet answers userId -1; such a session sees only this dialog (its guest token opens no
 * other call), registers an account bound to the identity, and is signed out to wait for an
 * administrator's approval.
 */
export function GuestRegistration({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegistrationForm>();
  const [submitting, setSubmitting] = useState(false);

  // Nothing to revoke on the server: the guest token opens nothing and expires by itself.
  const leave = () => {
    forgetSession();
    navigate('/login', { replace: true });
  };

  const submit = async () => {
    const values = form.getFieldsValue();
    const checked = validateRegistration(values);
    if (!checked.ok) {
      message.warning(t(checked.key));
      return;
    }
    setSubmitting(true);
    try {
      await client.registerGuest({
        tenantId: values.tenantId ?? '',
        name: values.name ?? '',
        account: values.account ?? '',
        passwordMd5: md5(values.password ?? ''),
        oauthId: session.oauthId,
      });
      modal.success({
        title: t('register.title'),
        content: t('register.submitted'),
        okText: t('common.ok'),
        onOk: leave,
      });
    } catch (error) {
      message.error(error instanceof ApiError && error.message ? error.message : t('register.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="bl-guest">
      <Modal
        open
        title={t('register.title')}
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={[
          <Button key="leave" onClick={leave} data-testid="register-cancel">
            {t('register.cancel')}
          </Button>,
          <Button
            key="submit"
            type="primary"
            loading={submitting}
            onClick={submit}
            data-testid="register-submit"
          >
            {t('register.submit')}
          </Button>,
        ]}
      >
        <p>{t('register.intro')}</p>
        {/* No form rules: the checks run in the spec's order on submit, one warning at a time. */}
        <Form<RegistrationForm>
          form={form}
          layout="vertical"
          name="register"
          initialValues={{
            tenantId: session.tenantId,
            name: session.account,
            account: session.account,
            password: '',
            password2: '',
          }}
        >
          <Form.Item name="tenantId" label={t('register.tenantId')}>
            <Input data-testid="register-tenantId" />
          </Form.Item>
          <Form.Item name="name" label={t('register.name')}>
            <Input data-testid="register-name" />
          </Form.Item>
          <Form.Item name="account" label={t('register.account')}>
            <Input data-testid="register-account" />
          </Form.Item>
          <Form.Item name="password" label={t('register.password')}>
            <Input.Password data-testid="register-password" autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="password2" label={t('register.password2')}>
            <Input.Password data-testid="register-password2" autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
