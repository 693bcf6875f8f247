import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { ApiError, ResultCode } from '@bl/contract';
import type { CatalogueEntity } from '@bl/entities';
import { Alert, App, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient, reportError } from '../api/query.ts';
import { currentLanguage } from '../i18n/index.ts';
import { dependentsChanged } from './dependents.ts';
import { isSpreadsheetName } from './download.ts';
import { type RowError, uploadImport } from './files.ts';
import { useDownload } from './useDownload.ts';

/**
 * Excel import (spec 02 §2): download the template, choose a filled-in .xls/.xlsx, import.
 * The server imports all rows or none; its row errors are listed.
 */
export function ImportDialog(props: { entity: CatalogueEntity; onClose: () => void }) {
  const { entity, onClose } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = currentLanguage();
  const download = useDownload();
  const [file, setFile] = useState<File | undefined>();
  const [busy, setBusy] = useState(false);
  /** The job's rows checked of its total while it runs (the server imports in the background). */
  const [checked, setChecked] = useState<{ done: number; total: number } | undefined>();
  const [failure, setFailure] = useState<{ message: string; rows: RowError[] } | undefined>();

  const start = async () => {
    if (!file) return;
    setBusy(true);
    setFailure(undefined);
    setChecked({ done: 0, total: 0 });
    try {
      const outcome = await uploadImport(entity.path, file, (done, total) => setChecked({ done, total }));
      if (outcome.ok) {
        message.success(outcome.message || t('crud.success'));
        await queryClient.invalidateQueries({ queryKey: ['list', entity.name] });
        dependentsChanged(entity.name);
        onClose();
      } else if (outcome.code === ResultCode.unauthorized) {
        reportError(new ApiError(outcome.code, outcome.message));
      } else {
        message.error(outcome.message);
        setFailure({ message: outcome.message, rows: outcome.rows });
      }
    } catch {
      message.error(t('common.networkError'));
    } finally {
      setBusy(false);
      setChecked(undefined);
    }
  };

  return (
    <Modal
      open
      title={t('crud.importTitle', { entity: entity.label[language] })}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      className="bl-import-dialog"
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="import" type="primary" disabled={!file} loading={busy} onClick={() => void start()}>
          {t('crud.startImport')}
        </Button>,
      ]}
    >
      <Space direction="vertical" size="middle" className="bl-import-body">
        <div className="bl-import-step">
          <Typography.Text>{t('crud.importStepTemplate')}</Typography.Text>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              void download(`${entity.path}/import-template`, {}, `${entity.name}-template.xlsx`)
            }
          >
            {t('crud.downloadTemplate')}
          </Button>
        </div>
        <Typography.Text>{t('crud.importStepFile')}</Typography.Text>
        <Upload.Dragger
          accept=".xls,.xlsx"
          maxCount={1}
          fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
          onRemove={() => {
            setFile(undefined);
            setFailure(undefined);
          }}
          beforeUpload={(chosen) => {
            if (!isSpreadsheetName(chosen.name)) {
              message.error(t('crud.onlyExcel'));
              return Upload.LIST_IGNORE;
            }
            setFile(chosen);
            setFailure(undefined);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('crud.uploadHint')}</p>
          <p className="ant-upload-hint">{t('crud.uploadNote')}</p>
        </Upload.Dragger>
        {checked && (
          <div className="bl-import-progress">
            <Progress
              percent={checked.total > 0 ? Math.floor((checked.done * 100) / checked.total) : 0}
              status="active"
            />
            <Typography.Text type="secondary">
              {checked.total > 0
                ? t('crud.importProgress', { done: checked.done, total: checked.total })
                : t('crud.importQueued')}
            </Typography.Text>
          </div>
        )}
        {failure && (
          <>
            <Alert type="error" showIcon message={failure.message} description={t('crud.rowErrors')} />
            {failure.rows.length > 0 && (
              <Table<RowError>
                size="small"
                bordered
                rowKey={(row) => `${row.row}-${row.message}`}
                dataSource={failure.rows}
                pagination={failure.rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
                columns={[
                  { key: 'row', title: t('crud.row'), dataIndex: 'row', width: 80, align: 'center' },
                  { key: 'message', title: t('crud.problem'), dataIndex: 'message' },
                ]}
              />
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
