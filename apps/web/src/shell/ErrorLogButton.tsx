import { BugOutlined } from '@ant-design/icons';
import { App, Badge, Button, Empty, Modal, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { reportError } from '../api/query.ts';
import { errorBadgeCap } from '../utils/tokens.ts';
import { type ErrorLogEntry, useErrorLog } from './errorLog.ts';

/** The top bar's error-log badge (capped at 99, spec 01 §9) and its dialog (spec 01 §2). */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const entries = useErrorLog((s) => s.entries);
  const [open, setOpen] = useState(false);
  const [uploading, setUploading] = useState(false);

  const upload = () =>
    modal.confirm({
      title: t('shell.logoutTitle'),
      content: t('errorLog.uploadConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setUploading(true);
        try {
          const sent = useErrorLog.getState().entries;
          await client.request('POST', '/api/bl-system/error-log/save', { body: sent });
          // What was sent is on the server now; errors caught meanwhile stay for the next upload.
          useErrorLog.getState().remove(sent.length);
          setOpen(false);
          message.success(t('errorLog.uploaded'));
        } catch (error) {
          reportError(error);
        } finally {
          setUploading(false);
        }
      },
    });

  const clear = () =>
    modal.confirm({
      title: t('shell.logoutTitle'),
      content: t('errorLog.clearConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => {
        useErrorLog.getState().clear();
        setOpen(false);
        message.success(t('errorLog.cleared'));
      },
    });

  return (
    <>
      <Tooltip title={t('errorLog.open')}>
        <Badge count={entries.length} overflowCount={errorBadgeCap} size="small" offset={[-6, 6]}>
          <Button
            type="text"
            className="bl-tool"
            icon={<BugOutlined />}
            aria-label={t('errorLog.open')}
            data-testid="error-log"
            onClick={() => setOpen(true)}
          />
        </Badge>
      </Tooltip>
      <Modal
        open={open}
        title={t('errorLog.title')}
        width={1000}
        onCancel={() => setOpen(false)}
        footer={
          <Space>
            <Button
              type="primary"
              disabled={entries.length === 0}
              loading={uploading}
              onClick={upload}
              data-testid="error-log-upload"
            >
              {t('errorLog.upload')}
            </Button>
            <Button danger disabled={entries.length === 0} onClick={clear} data-testid="error-log-clear">
              {t('errorLog.clear')}
            </Button>
          </Space>
        }
      >
        <Table<ErrorLogEntry & { key: number }>
          size="small"
          data-testid="error-log-table"
          // The log page has no paging (spec 01 §9).
          pagination={false}
          scroll={{ y: 420 }}
          locale={{ emptyText: <Empty description={t('errorLog.empty')} /> }}
          dataSource={entries.map((entry, key) => ({ ...entry, key })).reverse()}
          expandable={{
            expandedRowRender: (entry) => (
              <Typography.Paragraph className="bl-error-stack">
                <pre>{entry.stack}</pre>
              </Typography.Paragraph>
            ),
            rowExpandable: (entry) => entry.stack !== '',
          }}
          columns={[
            { key: 'type', dataIndex: 'type', title: t('errorLog.type'), width: 170 },
            { key: 'url', dataIndex: 'url', title: t('errorLog.url'), width: 220, ellipsis: true },
            { key: 'message', dataIndex: 'message', title: t('errorLog.message'), ellipsis: true },
            { key: 'info', dataIndex: 'info', title: t('errorLog.info'), width: 180, ellipsis: true },
            {
              key: 'time',
              dataIndex: 'time',
              title: t('errorLog.time'),
              width: 170,
              render: (time: string) => new Date(time).toLocaleString(),
            },
          ]}
        />
      </Modal>
    </>
  );
}
