import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLock } from './lock.ts';

/**
 * The lock button (spec 01 §4): locks at once, or first asks for a lock password when none is
 * set. Locking is all it does: the route guard then takes the page to /lock.
 */
export function LockButton() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [form] = Form.useForm<{ passwd: string }>();

  const onClick = () => {
    if (!useLock.getState().lock()) setAsking(true);
  };

  const onFinish = ({ passwd }: { passwd: string }) => {
    if (useLock.getState().lockWith(passwd)) setAsking(false);
  };

  return (
    <>
      <Tooltip title={t('shell.lock')}>
        <Button
          type="text"
          className="bl-tool"
          icon={<LockOutlined />}
          aria-label={t('shell.lock')}
          data-testid="lock"
          onClick={onClick}
        />
      </Tooltip>
      <Modal
        open={asking}
        title={t('shell.lockTitle')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setAsking(false)}
        destroyOnHidden
        width={420}
      >
        <Form form={form} name="lock" layout="vertical" onFinish={onFinish} preserve={false}>
          <Form.Item
            name="passwd"
            label={t('shell.lockPassword')}
            rules={[{ required: true, message: t('validate.lockPasswordRequired') }]}
          >
            <Input.Password autoFocus placeholder={t('shell.lockPlaceholder')} data-testid="lock-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
