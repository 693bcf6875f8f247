import { CalculatorOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient, reportError, useButtonCodes } from '../api/query.ts';
import { CrudScreen } from '../crud/CrudScreen.tsx';
import type { CatalogueIndex } from '../crud/catalogue.ts';
import { DateInput, RefSelect } from '../crud/inputs.tsx';
import { JobProgress, jobRunning, useJob } from '../crud/JobProgress.tsx';
import type { ScreenProps } from '../crud/screen-props.ts';

interface RunForm {
  customerCode?: string;
  start: string;
  end: string;
}

/** What the billing run's job answers (server: billing/run.ts). */
interface RunResult {
  owners: { customerCode: string; rows: number; amount: string; skipped: string[] }[];
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
  const job = useJob<RunResult>(
    jobId,
    () => void queryClient.invalidateQueries({ queryKey: ['list', entity.name] }),
  );
  const [starting, setStarting] = useState(false);
  const [form] = Form.useForm<RunForm>();
  const allowed = !!codes && (codes.has('*:*:*') || codes.has('costdetail_run'));
  const ownerField = entity.fields.find((f) => f.name === 'customerCode');

  const start = async (values: RunForm) => {
    setStarting(true);
    try {
      const answer = await client.request<{ jobId: string; notices?: string[] }>(
        'POST',
        '/api/bl-acct/billing/run',
        { body: { customerCode: values.customerCode ?? '', start: values.start, end: values.end } },
      );
      setJobId(answer.jobId);
      message.info(t('billingRun.started'));
      // A period reaching past today runs to today: the server says so (issue 29, 1).
      for (const notice of answer.notices ?? []) message.warning(notice);
    } catch (error) {
      reportError(error);
    } finally {
      setStarting(false);
    }
  };

  const running = jobRunning(jobId, job);
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
          <JobProgress job={job} testId="billing-run">
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
          </JobProgress>
        )}
      </Modal>
    </>
  );
}
