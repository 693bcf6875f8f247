import { ExportOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Modal } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useButtonCodes } from '../api/query.ts';
import { CrudScreen } from '../crud/CrudScreen.tsx';
import type { ScreenProps } from '../crud/screen-props.ts';
import { useDownload } from '../crud/useDownload.ts';

type Period = [dayjs.Dayjs, dayjs.Dayjs];

/**
 * Stock vouchers (ADR 0040): the generic list with its reversal (the flow action `reverse`, which
 * asks the remark) and the finance export of a posting period, each item valued at its material's
 * price, behind the list's export permission.
 */
export function VoucherScreen(props: ScreenProps) {
  const { t } = useTranslation();
  const codes = useButtonCodes().data;
  const download = useDownload();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ period: Period }>();
  const may = !!codes && (codes.has('*:*:*') || codes.has('voucherbill_export'));

  const run = async ({ period }: { period: Period }) => {
    setBusy(true);
    try {
      const [start, end] = period.map((d) => d.format('YYYY-MM-DD')) as [string, string];
      const done = await download(
        '/api/bl-wms/voucherbill/finance-export',
        { start, end },
        `stock-vouchers-${start}-${end}.xlsx`,
      );
      if (done) setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <CrudScreen
        {...props}
        toolbarExtra={() =>
          may
            ? [
                <Button
                  key="financeExport"
                  icon={<ExportOutlined />}
                  onClick={() => {
                    form.setFieldsValue({ period: [dayjs().startOf('month'), dayjs()] });
                    setOpen(true);
                  }}
                  data-testid="toolbar-financeExport"
                >
                  {t('vouchers.financeExport')}
                </Button>,
              ]
            : []
        }
      />
      <Modal
        open={open}
        title={t('vouchers.exportTitle')}
        okText={t('vouchers.financeExport')}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        data-testid="voucher-export-dialog"
      >
        <Form form={form} layout="vertical" onFinish={run}>
          <Form.Item name="period" label={t('vouchers.period')} rules={[{ required: true }]}>
            <DatePicker.RangePicker />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
