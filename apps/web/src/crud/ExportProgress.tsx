import { Modal, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** How far a background export has got: rows written of the list's total, until the file comes. */
export function ExportProgress(props: { progress: { done: number; total: number } | null }) {
  const { t } = useTranslation();
  const { progress } = props;
  const percent = progress && progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0;
  return (
    <Modal
      open={progress !== null}
      title={t('crud.exporting')}
      footer={null}
      closable={false}
      maskClosable={false}
      className="bl-export-progress"
    >
      <Progress percent={percent} status="active" />
      <Typography.Text type="secondary" data-testid="export-progress">
        {t('crud.exportProgress', {
          done: (progress?.done ?? 0).toLocaleString(),
          total: (progress?.total ?? 0).toLocaleString(),
        })}
      </Typography.Text>
    </Modal>
  );
}
