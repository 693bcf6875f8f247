import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { ApiError, type FormSchema, formLabel, ResultCode } from '@bl/contract';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Badge,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Progress,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Timeline,
  Typography,
  Upload,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { client } from '../api/client.ts';
import { queryClient, reportError } from '../api/query.ts';
import { changedFrom, useDiscardGuard } from '../crud/discard.ts';
import { uploadFile } from '../crud/files.ts';
import { useDownload } from '../crud/useDownload.ts';
import { currentLanguage, htmlLang } from '../i18n/index.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { ApprovalBill, type ApprovalBillData } from './ApprovalBill.tsx';
import { Diagram } from './Diagram.tsx';
import { FormFields, formValues } from './FormFields.tsx';
import { UserPicker } from './UserPicker.tsx';

const api = '/api/bl-flowable';
/** Where a task's files go and come from (server: modules/resource/routes.ts). */
const uploadPath = '/api/bl-resource/oss/endpoint/put-file';
const downloadPath = '/api/bl-resource/attach/download';

/** An attachment record: its id and the file's name. */
interface Attached {
  id: string;
  name: string;
}

interface Startable {
  id: string;
  processKey: string;
  name: string;
  version: number;
  category: string | null;
  startFormKey: string | null;
  /** The designed start form deployed with the definition, if it has one. */
  startForm: FormSchema | null;
}
interface TaskRow {
  id: string;
  instanceId: string;
  elementId: string;
  name: string;
  title: string;
  starterAccount: string;
  status: string;
  outcome: string | null;
  comment: string | null;
  createTime: string;
  endTime: string | null;
  instanceStatus: string;
}
interface Page<T> {
  records: T[];
  total: number;
}
interface InstanceDetail {
  instance: {
    id: string;
    title: string;
    processKey: string;
    status: string;
    reason: string | null;
    starterAccount: string;
    startTime: string;
    endTime: string | null;
    variables: Record<string, unknown>;
    businessEntity: string | null;
    businessId: string | null;
  };
  /** The bill an approval stands for, as far as the reader may read it; null for other processes. */
  bill?: ApprovalBillData | null;
  xml: string;
  history: {
    elementId: string;
    name: string;
    kind: string;
    account: string | null;
    comment: string | null;
    time: string;
    /** The files the action carried (attachment records). */
    attachments?: Attached[];
  }[];
  tasks: {
    id: string;
    elementId: string;
    name: string;
    status: string;
    assignee: string | null;
    formKey: string | null;
    /** An open task's start values it may not change (shown read-only, never sent). */
    locked?: string[];
  }[];
  active: string[];
  finished: string[];
  /** Earlier user tasks the instance has done. */
  steps: { elementId: string; name: string }[];
  /** Per open task: the steps it may be sent back to (the server's own rule; none of another parallel branch). */
  backTargets?: Record<string, { elementId: string; name: string }[]>;
  /** The designed forms deployed with the definition, by form key. */
  forms: Record<string, FormSchema>;
  /** Multi-instance tasks still open: how many of their items are approved. */
  loops?: { elementId: string; name: string; total: number; approved: number; open: number }[];
}

const time = (value: string | null | undefined) =>
  value ? new Date(value).toLocaleString(htmlLang[currentLanguage()]) : '';

/** Variables the engine keeps for itself: not form data. */
const hidden = (key: string) =>
  key.endsWith('_approved') || ['billId', 'billAction', 'billType'].includes(key);

function useStatusLabel() {
  const { t } = useTranslation();
  return (status: string) => {
    const key = status as 'running' | 'completed' | 'rejected' | 'cancelled';
    const color = { running: 'processing', completed: 'success', rejected: 'error', cancelled: 'default' }[
      key
    ];
    return <Tag color={color}>{t(`workflow.instanceStatus.${key}`, { defaultValue: status })}</Tag>;
  };
}

/**
 * The start form: a title, and the designed start form's fields (or the built-in leave fields
 * when the process starts with the leave form).
 */
function StartForm({
  definition,
  onDone,
  onTyped,
}: {
  definition: { id: string; name: string; startFormKey: string | null; startForm?: FormSchema | null };
  onDone: (id: string) => void;
  /** Whether anything is typed in, so closing the dialog can ask first. */
  onTyped?: (typed: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ title?: string; days?: number; leaveType?: string; reason?: string }>();
  const [busy, setBusy] = useState(false);
  const leave = definition.startFormKey === 'leaveForm' && !definition.startForm;
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const { title, ...variables } = values;
      const started = await client.request<{ id: string }>('POST', `${api}/process/start`, {
        body: { definitionId: definition.id, title: title || undefined, variables },
      });
      void queryClient.invalidateQueries({ queryKey: ['workflow'] });
      onDone(started.id);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={() => void submit()}
      onValuesChange={(_changed, all) => onTyped?.(changedFrom({}, all))}
    >
      <Form.Item name="title" label={t('workflow.title')}>
        <Input placeholder={definition.name} maxLength={255} />
      </Form.Item>
      {definition.startForm && <FormFields schema={definition.startForm} />}
      {leave && (
        <>
          <Form.Item name="leaveType" label={t('workflow.leaveType')} rules={[{ required: true }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="days" label={t('workflow.days')} rules={[{ required: true }]}>
            <InputNumber min={0.5} max={365} step={0.5} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="reason" label={t('workflow.leaveReason')} rules={[{ required: true }]}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('workflow.startIt')}
      </Button>
    </Form>
  );
}

function TaskTable({ kind }: { kind: 'todo' | 'done' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useStatusLabel();
  const tasks = useQuery({
    queryKey: ['workflow', kind],
    queryFn: () => client.request<Page<TaskRow>>('GET', `${api}/task/${kind}`, { query: { size: '100' } }),
  });
  return (
    <Table<TaskRow>
      rowKey="id"
      size="middle"
      loading={tasks.isPending}
      dataSource={tasks.data?.records ?? []}
      pagination={false}
      columns={[
        { title: t('workflow.title'), dataIndex: 'title' },
        { title: t('workflow.node'), dataIndex: 'name' },
        { title: t('workflow.starter'), dataIndex: 'starterAccount' },
        { title: t('workflow.status'), dataIndex: 'instanceStatus', render: (s: string) => status(s) },
        {
          title: kind === 'todo' ? t('workflow.createTime') : t('workflow.endTime'),
          render: (_, row) => time(kind === 'todo' ? row.createTime : row.endTime),
        },
        {
          title: '',
          render: (_, row) => (
            <Button
              type="link"
              onClick={() =>
                navigate(
                  `/flowable/work/detail?id=${row.instanceId}${kind === 'todo' ? `&taskId=${row.id}` : ''}`,
                )
              }
            >
              {kind === 'todo' ? t('workflow.handle') : t('workflow.detail')}
            </Button>
          ),
        },
      ]}
    />
  );
}

function InstanceTable({ kind }: { kind: 'mine' | 'copies' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useStatusLabel();
  const url = kind === 'mine' ? `${api}/process/mine` : `${api}/copy/list`;
  const rows = useQuery({
    queryKey: ['workflow', kind],
    queryFn: () => client.request<Page<Record<string, string>>>('GET', url, { query: { size: '100' } }),
  });
  return (
    <Table<Record<string, string>>
      rowKey="id"
      size="middle"
      loading={rows.isPending}
      dataSource={rows.data?.records ?? []}
      pagination={false}
      columns={[
        { title: t('workflow.title'), dataIndex: 'title' },
        ...(kind === 'mine'
          ? [{ title: t('workflow.status'), dataIndex: 'status', render: (s: string) => status(s) }]
          : []),
        {
          title: t('workflow.createTime'),
          render: (_: unknown, row: Record<string, string>) => time(row.startTime ?? row.createTime),
        },
        {
          title: '',
          render: (_: unknown, row: Record<string, string>) => (
            <Button
              type="link"
              onClick={() => navigate(`/flowable/work/detail?id=${row.processInstanceId ?? row.id}`)}
            >
              {t('workflow.detail')}
            </Button>
          ),
        },
      ]}
    />
  );
}

/**
 * /flowable/work/start: the processes the user may start (each with its start form), and the
 * user's to-do, done, started-by-me and copied-to-me lists.
 */
export function WorkStartScreen() {
  const { t } = useTranslation();
  useDocumentTitle({ key: 'menu.workStart' });
  const navigate = useNavigate();
  const [starting, setStarting] = useState<Startable>();
  // Closing the start dialog after typing asks first (issue 29, 9).
  const guardClose = useDiscardGuard();
  const startTyped = useRef(false);
  const stopStarting = () => {
    startTyped.current = false;
    setStarting(undefined);
  };
  const startable = useQuery({
    queryKey: ['workflow', 'startable'],
    queryFn: () => client.request<Startable[]>('GET', `${api}/process/startable`),
  });
  const counts = useQuery({
    queryKey: ['workflow', 'counts'],
    queryFn: () => client.request<{ todo: number; copies: number }>('GET', `${api}/counts`),
  });
  return (
    <Card className="bl-page-card">
      <Tabs
        defaultActiveKey={new URLSearchParams(useLocation().search).get('tab') ?? 'start'}
        items={[
          {
            key: 'start',
            label: t('workflow.start'),
            children:
              (startable.data ?? []).length === 0 && !startable.isPending ? (
                <Empty />
              ) : (
                <Table<Startable>
                  rowKey="id"
                  size="middle"
                  loading={startable.isPending}
                  dataSource={startable.data ?? []}
                  pagination={false}
                  columns={[
                    { title: t('workflow.process'), dataIndex: 'name' },
                    { title: t('workflow.processKey'), dataIndex: 'processKey' },
                    { title: t('workflow.version'), dataIndex: 'version' },
                    { title: t('workflow.category'), dataIndex: 'category' },
                    {
                      title: '',
                      render: (_, row) => (
                        <Button type="primary" size="small" onClick={() => setStarting(row)}>
                          {t('workflow.startIt')}
                        </Button>
                      ),
                    },
                  ]}
                />
              ),
          },
          {
            key: 'todo',
            label: (
              <Badge count={counts.data?.todo ?? 0} size="small" offset={[8, 0]}>
                {t('workflow.todo')}
              </Badge>
            ),
            children: <TaskTable kind="todo" />,
          },
          { key: 'done', label: t('workflow.done'), children: <TaskTable kind="done" /> },
          { key: 'mine', label: t('workflow.mine'), children: <InstanceTable kind="mine" /> },
          {
            key: 'copies',
            label: (
              <Badge count={counts.data?.copies ?? 0} size="small" offset={[8, 0]}>
                {t('workflow.copies')}
              </Badge>
            ),
            children: <InstanceTable kind="copies" />,
          },
        ]}
      />
      <Modal
        open={!!starting}
        title={starting?.name}
        footer={null}
        destroyOnHidden
        onCancel={() => guardClose(startTyped.current, stopStarting)}
      >
        {starting && (
          <StartForm
            definition={starting}
            onTyped={(typed) => {
              startTyped.current = typed;
            }}
            onDone={(id) => {
              stopStarting();
              navigate(`/flowable/work/detail?id=${id}`);
            }}
          />
        )}
      </Modal>
    </Card>
  );
}

/**
 * What each handling action says when it is done (issue 29, 14): an approval that ends the
 * process says so (a bill's action has then run), a rejection that the process is rejected.
 */
function useDoneMessage() {
  const { t } = useTranslation();
  return (path: string, instanceStatus: string | undefined) => {
    if (path === 'task/complete')
      return instanceStatus === 'completed'
        ? t('workflow.doneMessage.approvedEnded')
        : t('workflow.doneMessage.approved');
    const action = path.split('/')[1] as 'reject' | 'back' | 'claim' | 'delegate' | 'transfer' | 'sign';
    return t(`workflow.doneMessage.${action}`, { defaultValue: t('workflow.approved') });
  };
}

/**
 * The handling panel of an open task: claim, approve with a comment, reject (end the instance)
 * or send back to an earlier step, delegate, transfer, add a signer before or after; the
 * comment is the reason each of these records in the history. Files uploaded here (attachment
 * records of the tenant) go with whichever action is taken and show in the history.
 */
function HandlePanel({ taskId, detail }: { taskId: string; detail: InstanceDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [comment, setComment] = useState('');
  const [user, setUser] = useState<string>();
  const [step, setStep] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [files, setFiles] = useState<Attached[]>([]);
  const [form] = Form.useForm<Record<string, unknown>>();
  const doneMessage = useDoneMessage();
  const task = detail.tasks.find((x) => x.id === taskId && x.status === 'open');
  if (!task) return <Empty description={t('workflow.noTask')} />;
  const schema = task.formKey ? detail.forms[task.formKey] : undefined;
  const attachIds = files.map((file) => file.id);
  const locked = task.locked ?? [];
  const approve = async () => {
    // The task's form is checked here first, and again by the server. Only the form's fields
    // are sent, and not the start values the task may not change (the server refuses those).
    const values = schema ? await form.validateFields().catch(() => undefined) : {};
    if (!values) return;
    const variables = Object.fromEntries(Object.entries(values).filter(([name]) => !locked.includes(name)));
    void act('task/complete', { id: taskId, comment, variables, attachIds });
  };
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const envelope = await uploadFile<{ attachId: string; originalName: string }>(uploadPath, file);
      if (envelope.success) {
        const name = envelope.data.originalName || file.name;
        setFiles((list) => [...list, { id: String(envelope.data.attachId), name }]);
        message.success(t('workflow.attachUploaded', { name }));
      } else if (envelope.code === ResultCode.unauthorized) {
        reportError(new ApiError(envelope.code, envelope.msg));
      } else {
        message.error(envelope.msg);
      }
    } catch {
      message.error(t('common.networkError'));
    } finally {
      setBusy(false);
    }
  };
  const steps = detail.backTargets?.[task.id] ?? [];
  const act = async (path: string, body: unknown, query?: Record<string, string>) => {
    setBusy(true);
    try {
      const answer = await client.request<{ instanceStatus?: string } | null>('POST', `${api}/${path}`, {
        body,
        query,
      });
      message.success(doneMessage(path, answer?.instanceStatus));
      setComment('');
      setUser(undefined);
      setFiles([]);
      void queryClient.invalidateQueries({ queryKey: ['workflow'] });
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  /** Actions that record a reason: asked for here before the server refuses it. */
  const withReason = (path: string, body: Record<string, unknown>) => {
    if (!comment.trim()) {
      message.warning(t('workflow.why'));
      return;
    }
    void act(path, { id: taskId, comment, attachIds, ...body });
  };
  return (
    <Card size="small" title={`${t('workflow.handle')}: ${task.name}`}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {schema && (
          <Form form={form} layout="vertical" initialValues={formValues(schema, detail.instance.variables)}>
            <FormFields schema={schema} locked={locked} />
          </Form>
        )}
        <Input.TextArea
          rows={3}
          maxLength={2000}
          placeholder={t('workflow.comment')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          data-testid="wf-comment"
        />
        <Space wrap>
          <Upload
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid="wf-attach">
              {t('workflow.attach')}
            </Button>
          </Upload>
          {files.map((file) => (
            <Tag
              key={file.id}
              icon={<PaperClipOutlined />}
              closable
              onClose={() => setFiles((list) => list.filter((f) => f.id !== file.id))}
            >
              {file.name}
            </Tag>
          ))}
        </Space>
        <Space wrap>
          {!task.assignee && (
            <Button loading={busy} onClick={() => void act('task/claim', undefined, { id: taskId })}>
              {t('workflow.claim')}
            </Button>
          )}
          <Button type="primary" loading={busy} onClick={() => void approve()}>
            {t('workflow.approve')}
          </Button>
          <Button danger loading={busy} onClick={() => withReason('task/reject', {})}>
            {t('workflow.reject')}
          </Button>
          <Select<string>
            style={{ minWidth: 180 }}
            placeholder={t('workflow.backTo')}
            value={step}
            onChange={setStep}
            disabled={steps.length === 0}
            data-testid="wf-back-step"
            options={steps.map((s) => ({ value: s.elementId, label: s.name }))}
          />
          <Button
            danger
            disabled={!step}
            loading={busy}
            onClick={() => withReason('task/back', { elementId: step })}
          >
            {t('workflow.back')}
          </Button>
        </Space>
        <Space wrap>
          <UserPicker value={user} onChange={setUser} testId="wf-user" />
          <Button
            disabled={!user}
            loading={busy}
            onClick={() => void act('task/delegate', { id: taskId, userId: user, comment, attachIds })}
          >
            {t('workflow.delegate')}
          </Button>
          <Button
            disabled={!user}
            loading={busy}
            onClick={() => withReason('task/transfer', { userId: user })}
          >
            {t('workflow.transfer')}
          </Button>
          <Button
            disabled={!user}
            loading={busy}
            onClick={() => withReason('task/sign', { userId: user, mode: 'before' })}
          >
            {t('workflow.signBefore')}
          </Button>
          <Button
            disabled={!user}
            loading={busy}
            onClick={() => withReason('task/sign', { userId: user, mode: 'after' })}
          >
            {t('workflow.signAfter')}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}

/** An instance: its form data, the diagram with done and current steps, the history; and a task to handle. */
export function InstanceDetailScreen({ instanceId, taskId }: { instanceId?: string; taskId?: string }) {
  const { t } = useTranslation();
  // Outside the menu: the page names its own tab.
  useDocumentTitle({ key: 'workflow.detail' });
  const status = useStatusLabel();
  const download = useDownload();
  const detail = useQuery({
    queryKey: ['workflow', 'detail', instanceId],
    enabled: !!instanceId,
    queryFn: () =>
      client.request<InstanceDetail>('GET', `${api}/process/detail`, { query: { id: instanceId ?? '' } }),
  });
  if (!instanceId) return <Empty />;
  const data = detail.data;
  if (!data) return <Card loading className="bl-page-card" />;
  const { instance } = data;
  const labelOf: Record<string, string> = {
    days: t('workflow.days'),
    reason: t('workflow.leaveReason'),
    leaveType: t('workflow.leaveType'),
    billNo: t('workflow.billNo'),
  };
  for (const form of Object.values(data.forms ?? {}))
    for (const field of form.fields) labelOf[field.name] = formLabel(field.label, currentLanguage());
  const variables = Object.entries(instance.variables ?? {}).filter(
    ([k, v]) => !hidden(k) && (v === null || ['string', 'number', 'boolean'].includes(typeof v)),
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card className="bl-page-card" title={instance.title} extra={status(instance.status)}>
        <Descriptions size="small" column={3}>
          <Descriptions.Item label={t('workflow.processKey')}>{instance.processKey}</Descriptions.Item>
          <Descriptions.Item label={t('workflow.starter')}>{instance.starterAccount}</Descriptions.Item>
          <Descriptions.Item label={t('workflow.createTime')}>{time(instance.startTime)}</Descriptions.Item>
          {instance.reason && (
            <Descriptions.Item label={t('workflow.reason')} span={3}>
              {instance.reason}
            </Descriptions.Item>
          )}
          {(data.loops ?? []).map((loop) => (
            <Descriptions.Item key={`loop-${loop.elementId}`} label={loop.name}>
              <Progress
                size="small"
                style={{ width: 160, marginInlineEnd: 8 }}
                percent={loop.total > 0 ? Math.round((loop.approved / loop.total) * 100) : 0}
                showInfo={false}
              />
              {t('workflow.loopProgress', { approved: loop.approved, total: loop.total })}
            </Descriptions.Item>
          ))}
          {variables.map(([k, v]) => (
            <Descriptions.Item key={k} label={labelOf[k] ?? k}>
              {String(v)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      {data.bill && <ApprovalBill bill={data.bill} />}
      {taskId && instance.status === 'running' && <HandlePanel taskId={taskId} detail={data} />}
      <Card size="small" title={t('workflow.diagram')}>
        <Diagram xml={data.xml} active={data.active} finished={data.finished} />
      </Card>
      <Card size="small" title={t('workflow.history')}>
        <Timeline
          items={data.history.map((h) => ({
            color: ['reject', 'back'].includes(h.kind) ? 'red' : h.kind === 'overdue' ? 'orange' : 'green',
            children: (
              <span>
                <b>{h.name}</b> · {t(`workflow.kind.${h.kind}`, { defaultValue: t('workflow.kind.other') })}
                {h.account ? ` · ${h.account}` : ''} · {time(h.time)}
                {h.comment ? ` · ${h.comment}` : ''}
                {(h.attachments ?? []).length > 0 && (
                  <span data-testid="wf-history-attachments">
                    {' · '}
                    {t('workflow.attachments')}:
                    {(h.attachments ?? []).map((file) => (
                      <Typography.Link
                        key={file.id}
                        style={{ marginInlineStart: 8 }}
                        onClick={() => void download(downloadPath, { id: file.id }, file.name)}
                      >
                        <PaperClipOutlined /> {file.name}
                      </Typography.Link>
                    ))}
                  </span>
                )}
              </span>
            ),
          }))}
        />
      </Card>
    </Space>
  );
}

/** /flowable/work/detail?id=&taskId= */
export function WorkDetailScreen() {
  const params = new URLSearchParams(useLocation().search);
  return (
    <InstanceDetailScreen
      instanceId={params.get('id') ?? undefined}
      taskId={params.get('taskId') ?? undefined}
    />
  );
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** /task/process/leave/form/{processDefinitionId}: the leave form, starting that definition. */
export function LeaveFormScreen() {
  const navigate = useNavigate();
  const id = segments(useLocation().pathname)[4] ?? '';
  const { t } = useTranslation();
  useDocumentTitle({ key: 'workflow.start' });
  return (
    <Card className="bl-page-card" title={t('workflow.start')} style={{ maxWidth: 640 }}>
      <StartForm
        definition={{ id, name: t('workflow.start'), startFormKey: 'leaveForm' }}
        onDone={(instance) => navigate(`/task/process/leave/detail/${instance}/${instance}`)}
      />
    </Card>
  );
}

/** /task/process/leave/handle/{taskId}/{processInstanceId}/{businessId} */
export function LeaveHandleScreen() {
  const [, , , , taskId, instanceId] = segments(useLocation().pathname);
  return <InstanceDetailScreen instanceId={instanceId} taskId={taskId} />;
}

/** /task/process/leave/detail/{processInstanceId}/{businessId} */
export function LeaveDetailScreen() {
  const [, , , , instanceId] = segments(useLocation().pathname);
  return <InstanceDetailScreen instanceId={instanceId} />;
}
