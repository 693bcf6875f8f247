import { CheckCircleFilled, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, List, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { client } from '../api/client.ts';
import { useCatalogue } from '../api/query.ts';
import { newRecordState } from '../crud/new-record.ts';
import { currentLanguage } from '../i18n/index.ts';

/** One step of `GET /api/bl-system/setup-progress` (server: modules/system/setup.ts). */
export interface SetupStep {
  entity: string;
  /** Null when the user may not read these records: the step shows without a count. */
  count: number | null;
  path: string;
}

export const setupQueryKey = ['setupProgress'] as const;

export function useSetupProgress() {
  return useQuery({
    queryKey: setupQueryKey,
    queryFn: () => client.request<SetupStep[]>('GET', '/api/bl-system/setup-progress'),
    // Counts move as the user creates records: fetched again on each visit.
    staleTime: 0,
    meta: { quiet: true },
  });
}

/** Steps done: those with at least one record. */
export const stepsDone = (steps: SetupStep[]) => steps.filter((s) => (s.count ?? 0) > 0).length;

/**
 * A new tenant's first hour (issue 14, point 13): what to create, in order, each linked to its
 * screen, with progress. Shown on the home page until every step has a record.
 */
export function SetupChecklist() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage();
  const progress = useSetupProgress();
  const catalogue = useCatalogue().data;
  const steps = progress.data ?? [];
  const done = stepsDone(steps);
  if (!progress.data || steps.length === 0 || done === steps.length) return null;
  const labelOf = (name: string) => catalogue?.entities.find((e) => e.name === name)?.label[language] ?? name;
  const nextIndex = steps.findIndex((s) => (s.count ?? 0) === 0);
  return (
    <Card
      title={t('setup.title')}
      variant="borderless"
      data-testid="setup-checklist"
      extra={
        <span className="bl-setup-progress">
          <Typography.Text type="secondary">
            {t('setup.progress', { done, total: steps.length })}
          </Typography.Text>
          <Progress percent={Math.round((done / steps.length) * 100)} size="small" showInfo={false} />
        </span>
      }
    >
      <Typography.Paragraph type="secondary">{t('setup.hint')}</Typography.Paragraph>
      <List
        size="small"
        dataSource={steps}
        renderItem={(step, index) => {
          const complete = (step.count ?? 0) > 0;
          return (
            <List.Item
              data-testid={`setup-step-${step.entity}`}
              data-done={complete}
              actions={[
                <Button
                  key="open"
                  type={index === nextIndex ? 'primary' : 'link'}
                  size="small"
                  // The next step to do opens its add form; others open their list.
                  onClick={() =>
                    navigate(step.path, index === nextIndex ? { state: newRecordState } : undefined)
                  }
                >
                  {complete ? t('setup.open') : t('setup.create')} <RightOutlined />
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={
                  complete ? (
                    <CheckCircleFilled className="bl-setup-done" />
                  ) : (
                    <span className="bl-setup-number">{index + 1}</span>
                  )
                }
                title={labelOf(step.entity)}
                description={t(`setup.why.${step.entity}`, { defaultValue: '' })}
              />
              {step.count !== null && (
                <Tag color={complete ? 'success' : 'default'}>{t('setup.count', { count: step.count })}</Tag>
              )}
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
