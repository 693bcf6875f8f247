import { CalculatorOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Modal, Progress, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient, reportError, useButtonCodes } from '../api/query.ts';
import { CrudScreen } from '../crud/CrudScreen.tsx';
import type { CatalogueIndex } from '../crud/catalogue.ts';
import { DateInput, RefSelect } from '../crud/inputs.tsx';
import type { ScreenProps } from '../crud/overrides.ts';

interface RunForm {
  customerCode?: string;
  start: string;
  end: string;
}

interface JobState {
  status: 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  message: string;
  result: { owners: { customerCode: string; rows: number; amount: string; skipped: string[] }[] } | null;
}

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/**
 * Cost details with the billing run (ADR 0024): the run dialog takes an owner (or all) and a
 * period, starts the run as a job, follows its progress and shows what it charged and which
 * owners it skipped, with the reason.
 */
export function BillingRunScreen({ entity, catalogue }: ScreenProps & { catalogue: CatalogueIndex }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const codes = useButtonCodes().data;
  const [open, setOpen] = useState(false);
  const [jobId, setJobId] = useState<string>();
  const [job, setJob] = useState<JobState>();
  const [starting, setStarting] = useState(false);
  const [form] = Form.useForm<RunForm>();
  const allowed = !!codes && (codes.has('*:*:*') || codes.has('costdetail_run'));
  const ownerField = entity.fields.find((f) => f.name === 'customerCode');

  useEffect(() => {
    if (!jobId) return;
    let stopped = false;
    const poll = async () => {
      try {
        const state = await client.request<JobState>('GET', '/api/bl-jobs/job/detail', {
          query: { id: jobId },
        });
        if (stopped) return;
        setJob(state);
        if (state.status === 'done' || state.status === 'failed') {
          await queryClient.invalidateQueries({ queryKey: ['list', entity.name] });
          return;
        }
        setTimeout(() => void poll(), 1000);
      } catch (error) {
        reportError(error);
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [jobId, entity.name]);

  const start = async (values: RunForm) => {
    setStarting(true);
    try {
      const answer = await client.request<{ jobId: string }>('POST', '/api/bl-acct/billing/run', {
        body: { customerCode: values.customerCode ?? '', start: values.start, end: values.end },
      });
      setJob(undefined);
      setJobId(answer.jobId);
      message.info(t('billingRun.started'));
    } catch (error) {
      reportError(error);
    } finally {
      setStarting(false);
    }
  };

  const running =
    job === undefined ? jobId !== undefined : job.status === 'queued' || job.status === 'running';
  const skipped = job?.result?.owners.flatMap((o) => o.skipped) ?? [];
  return (
    <>
      <CrudScreen
        entity={entity}
        catalogue={catalogue}
        toolbarExtra={() =>
          allowed
            ? [
                <Button
                  key="run"
                  type="primary"
                  icon={<CalculatorOutlined />}
                  onClick={() => setOpen(true)}
                  data-testid="toolbar-billingRun"
                >
                  {t('billingRun.title')}
                </Button>,
              ]
            : []
        }
      />
      <Modal
        open={open}
        title={t('billingRun.title')}
        okText={t('billingRun.start')}
        cancelText={t('common.cancel')}
        confirmLoading={starting || running}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        data-testid="billing-run-dialog"
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ start: yesterday(), end: yesterday() }}
          onFinish={(values) => void start(values)}
        >
          {ownerField && (
            <Form.Item name="customerCode" label={t('billingRun.owner')} extra={t('billingRun.allOwners')}>
              <RefSelect field={ownerField} catalogue={catalogue} />
            </Form.Item>
          )}
          <Form.Item name="start" label={t('billingRun.from')} rules={[{ required: true }]}>
            <DateInput />
          </Form.Item>
          <Form.Item name="end" label={t('billingRun.to')} rules={[{ required: true }]}>
            <DateInput />
          </Form.Item>
        </Form>
        {job && (
          <div data-testid="billing-run-progress">
            <Progress
              percent={
                job.total > 0 ? Math.round((job.done / job.total) * 100) : job.status === 'done' ? 100 : 0
              }
              status={job.status === 'failed' ? 'exception' : job.status === 'done' ? 'success' : 'active'}
            />
            {job.message && (
              <Alert
                type={job.status === 'failed' ? 'error' : 'success'}
                message={job.message}
                showIcon
                data-testid="billing-run-result"
              />
            )}
            {skipped.length > 0 && (
              <Alert
                style={{ marginTop: 8 }}
                type="warning"
                message={t('billingRun.skipped')}
                description={skipped.map((line) => (
                  <Typography.Paragraph key={line} style={{ margin: 0 }}>
                    {line}
                  </Typography.Paragraph>
                ))}
              />
            )}
          </div>
        )}
      </Modal>
    </>
  );
}
