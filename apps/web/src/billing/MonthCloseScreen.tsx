import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Form, Input, Modal, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient, reportError, useButtonCodes } from '../api/query.ts';
import { CrudScreen } from '../crud/CrudScreen.tsx';
import type { CatalogueIndex } from '../crud/catalogue.ts';
import type { ScreenProps } from '../crud/screen-props.ts';

type Action = 'close' | 'reopen';
interface Period {
  month: string;
  status: string;
}

const lastMonth = () => dayjs().subtract(1, 'month').format('YYYY-MM');

/**
 * Month-start stock with the month close and its reopening (ADR 0031): each button (its own
 * permission, `monthbegininv_close` / `monthbegininv_reopen`) asks for a month; the server
 * refuses with the reason (a draft bill named, a run going, out of order).
 */
export function MonthCloseScreen({ entity, catalogue }: ScreenProps & { catalogue: CatalogueIndex }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const codes = useButtonCodes().data;
  const [action, setAction] = useState<Action>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ month: dayjs.Dayjs; reason?: string }>();
  const may = (name: Action) => !!codes && (codes.has('*:*:*') || codes.has(`monthbegininv_${name}`));
  const periods = useQuery({
    queryKey: ['billing', 'periods'],
    queryFn: () => client.request<Period[]>('GET', '/api/bl-acct/billing/periods'),
  });
  const closed = (periods.data ?? []).filter((p) => p.status === '1').map((p) => p.month);

  const open = (name: Action) => {
    // Close: the month after the latest closed one (months close in order), else last month.
    const latest = closed[0];
    const month =
      name === 'reopen'
        ? (latest ?? lastMonth())
        : latest
          ? dayjs(`${latest}-01`).add(1, 'month').format('YYYY-MM')
          : lastMonth();
    form.setFieldsValue({ month: dayjs(`${month}-01`), reason: '' });
    setAction(name);
  };
  const run = async ({ month, reason }: { month: dayjs.Dayjs; reason?: string }) => {
    if (!action) return;
    setBusy(true);
    try {
      const value = month.format('YYYY-MM');
      const answer = await client.request<{ rows?: number; start?: string }>(
        'POST',
        `/api/bl-acct/billing/${action}`,
        // A reopen is audited with its reason (issue 30).
        { body: action === 'reopen' ? { month: value, reason: reason ?? '' } : { month: value } },
      );
      message.success(
        action === 'close'
          ? t('monthClose.closed', { month: value, rows: answer.rows ?? 0, start: answer.start ?? '' })
          : t('monthClose.reopened', { month: value }),
      );
      setAction(undefined);
      await queryClient.invalidateQueries({ queryKey: ['billing', 'periods'] });
      await queryClient.invalidateQueries({ queryKey: ['list', entity.name] });
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {closed.length > 0 && (
        <Alert
          style={{ marginBottom: 8 }}
          type="info"
          message={
            <span data-testid="closed-months">
              {t('monthClose.periods')}
              {closed.map((m) => (
                <Tag key={m}>{m}</Tag>
              ))}
            </span>
          }
        />
      )}
      <CrudScreen
        entity={entity}
        catalogue={catalogue}
        toolbarExtra={() => [
          ...(may('close')
            ? [
                <Button
                  key="close"
                  type="primary"
                  icon={<LockOutlined />}
                  onClick={() => open('close')}
                  data-testid="toolbar-monthClose"
                >
                  {t('monthClose.close')}
                </Button>,
              ]
            : []),
          ...(may('reopen')
            ? [
                <Button
                  key="reopen"
                  danger
                  icon={<UnlockOutlined />}
                  onClick={() => open('reopen')}
                  data-testid="toolbar-monthReopen"
                >
                  {t('monthClose.reopen')}
                </Button>,
              ]
            : []),
        ]}
      />
      <Modal
        open={action !== undefined}
        title={action ? t(`monthClose.${action}`) : ''}
        okText={action ? t(`monthClose.${action}`) : ''}
        okButtonProps={{ danger: action === 'reopen' }}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setAction(undefined)}
        data-testid="month-close-dialog"
      >
        <Alert
          style={{ marginBottom: 16 }}
          type="warning"
          message={action === 'reopen' ? t('monthClose.reopenConfirm') : t('monthClose.closeConfirm')}
        />
        <Form form={form} layout="vertical" onFinish={(values) => void run(values)}>
          <Form.Item name="month" label={t('monthClose.month')} rules={[{ required: true }]}>
            <DatePicker picker="month" format="YYYY-MM" style={{ width: '100%' }} />
          </Form.Item>
          {action === 'reopen' && (
            <Form.Item
              name="reason"
              label={t('monthClose.reason')}
              rules={[{ required: true, whitespace: true, message: t('monthClose.reasonRequired') }]}
            >
              <Input.TextArea maxLength={500} rows={3} data-testid="reopen-reason" />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
