import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ApiError, ResultCode } from '@bl/contract';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient, reportError, useButtonCodes } from '../api/query.ts';
import { CrudScreen } from '../crud/CrudScreen.tsx';
import { uploadFile } from '../crud/files.ts';
import type { ScreenProps } from '../crud/screen-props.ts';
import { useDownload } from '../crud/useDownload.ts';

/** Where files go and come from (server: modules/resource/routes.ts). */
const uploadPath = '/api/bl-resource/oss/endpoint/put-file';
const downloadPath = '/api/bl-resource/attach/download';

/**
 * Attachments (spec 02 §3.2 attach): the generic list plus uploading a file to the tenant's
 * enabled storage (behind `attach_add`) and downloading the selected ones (`attach_view`).
 * The server checks the size and type and says why in the user's language.
 */
export function AttachScreen(props: ScreenProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const codes = useButtonCodes().data;
  const can = (code: string) => !!codes && (codes.has('*:*:*') || codes.has(code));
  const download = useDownload();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const envelope = await uploadFile(uploadPath, file);
      if (envelope.success) {
        message.success(envelope.msg || t('crud.success'));
        await queryClient.invalidateQueries({ queryKey: ['list', props.entity.name] });
      } else if (envelope.code === ResultCode.unauthorized) {
        reportError(new ApiError(envelope.code, envelope.msg));
      } else {
        message.error(envelope.msg);
      }
    } catch {
      message.error(t('common.networkError'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <CrudScreen
      {...props}
      toolbarExtra={(withSelection) => [
        ...(can('attach_add')
          ? [
              <Upload
                key="upload"
                showUploadList={false}
                beforeUpload={(file) => {
                  void upload(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={uploading} data-testid="toolbar-upload">
                  {uploading ? t('attachments.uploading') : t('attachments.upload')}
                </Button>
              </Upload>,
            ]
          : []),
        ...(can('attach_view')
          ? [
              <Button
                key="download"
                icon={<DownloadOutlined />}
                onClick={withSelection(async (ids) => {
                  for (const id of ids)
                    if (!(await download(downloadPath, { id }, `attachment-${id}`))) break;
                })}
                data-testid="toolbar-download"
              >
                {t('attachments.download')}
              </Button>,
            ]
          : []),
      ]}
    />
  );
}
