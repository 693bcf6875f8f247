import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Upload,
} from 'antd';
import Modeler from 'bpmn-js/lib/Modeler';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient, reportError, useCatalogue } from '../api/query.ts';
import { currentLanguage } from '../i18n/index.ts';
import './workflow.css';

const api = '/api/bl-flowable';

const blank = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:flowable="http://flowable.org/bpmn" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="Process_1" name="Process_1" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="Process_1">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

interface Shape {
  id: string;
  type: string;
  businessObject: { name?: string; id: string; $attrs: Record<string, string>; get(name: string): unknown };
}

/**
 * The Flowable attributes the engine reads, by element type (flowable: prefix on save); every
 * element's name in Traditional Chinese and English besides its name (ADR 0027, addendum 2).
 */
const attributesOf = (type: string): string[] => {
  const names = type === 'bpmn:SequenceFlow' ? [] : ['nameMo', 'nameEn'];
  if (type === 'bpmn:UserTask')
    return [...names, 'assignee', 'candidateUsers', 'candidateGroups', 'formKey', 'dueDate'];
  if (type === 'bpmn:ServiceTask') return [...names, 'expression'];
  if (type === 'bpmn:StartEvent') return [...names, 'formKey'];
  if (type === 'bpmn:Process') return [...names, 'candidateStarterUsers', 'candidateStarterGroups'];
  return names;
};

const attrValue = (shape: Shape, name: string) => {
  for (const [key, value] of Object.entries(shape.businessObject.$attrs ?? {}))
    if (key.split(':')[1] === name) return value;
  return '';
};

/** A multi-instance task's loop (`multiInstanceLoopCharacteristics`), as bpmn-js keeps it. */
interface LoopElement {
  $attrs?: Record<string, string>;
  completionCondition?: { body?: string };
}

/**
 * A multi-instance user task's items and completion condition (ADR 0027, addendum 2): the
 * parallel / sequential marker is set with bpmn-js's own wrench menu; without a collection, the
 * candidate users are the items.
 */
function LoopProperties({ modeler, shape }: { modeler: Modeler; shape: Shape }) {
  const { t } = useTranslation();
  const loop = shape.businessObject.get('loopCharacteristics') as LoopElement | undefined;
  if (!loop || shape.type !== 'bpmn:UserTask') return null;
  const modeling = modeler.get('modeling') as {
    updateModdleProperties(element: unknown, moddleElement: unknown, props: object): void;
  };
  const moddle = modeler.get('moddle') as { create(type: string, props: object): unknown };
  const attribute = (name: 'collection' | 'elementVariable') => (
    <Form.Item key={name} label={t(`workflow.loop.${name}`)}>
      <Input
        data-testid={`wf-loop-${name}`}
        defaultValue={loop.$attrs?.[`flowable:${name}`] ?? ''}
        placeholder={name === 'collection' ? `$${'{'}signers}` : 'signer'}
        onBlur={(e) =>
          modeling.updateModdleProperties(shape, loop, {
            [`flowable:${name}`]: e.target.value.trim() || undefined,
          })
        }
      />
    </Form.Item>
  );
  return (
    <>
      {attribute('collection')}
      {attribute('elementVariable')}
      <Form.Item label={t('workflow.loop.completionCondition')}>
        <Input
          data-testid="wf-loop-completionCondition"
          defaultValue={loop.completionCondition?.body ?? ''}
          placeholder={`$${'{'}nrOfCompletedInstances/nrOfInstances >= 0.5}`}
          onBlur={(e) => {
            const body = e.target.value.trim();
            modeling.updateModdleProperties(shape, loop, {
              completionCondition: body ? moddle.create('bpmn:FormalExpression', { body }) : undefined,
            });
          }}
        />
      </Form.Item>
    </>
  );
}

/** The properties of the selected element: its name and the Flowable attributes. */
function Properties({ modeler, shape }: { modeler: Modeler | undefined; shape: Shape | undefined }) {
  const { t } = useTranslation();
  // The wrench menu makes a task multi-instance without a new selection: draw again on changes.
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (!modeler) return;
    const events = modeler.get('eventBus') as {
      on(event: string, fn: () => void): void;
      off(event: string, fn: () => void): void;
    };
    const changed = () => setVersion((v) => v + 1);
    events.on('commandStack.changed', changed);
    return () => events.off('commandStack.changed', changed);
  }, [modeler]);
  if (!modeler || !shape) return <div className="bl-muted">{t('workflow.selectElement')}</div>;
  const modeling = modeler.get('modeling') as { updateProperties(element: unknown, props: object): void };
  const labels: Record<string, string> = {
    assignee: t('workflow.assignee'),
    candidateUsers: t('workflow.candidateUsers'),
    candidateGroups: t('workflow.candidateGroups'),
    candidateStarterUsers: t('workflow.candidateUsers'),
    candidateStarterGroups: t('workflow.candidateGroups'),
    formKey: t('workflow.formKey'),
    dueDate: t('workflow.dueDate'),
    expression: t('workflow.expression'),
    nameMo: t('workflow.nameMo'),
    nameEn: t('workflow.nameEn'),
  };
  return (
    <Form layout="vertical" size="small" key={shape.id}>
      <Form.Item label="ID">
        <Input value={shape.businessObject.id} disabled />
      </Form.Item>
      <Form.Item label={t('workflow.name')}>
        <Input
          defaultValue={shape.businessObject.name ?? ''}
          onBlur={(e) => modeling.updateProperties(shape, { name: e.target.value })}
        />
      </Form.Item>
      {attributesOf(shape.type).map((name) => (
        <Form.Item key={name} label={labels[name] ?? name}>
          <Input
            data-testid={`wf-prop-${name}`}
            defaultValue={attrValue(shape, name)}
            placeholder={name === 'assignee' ? `$${'{'}starter}` : name === 'dueDate' ? 'PT24H' : ''}
            onBlur={(e) => {
              const existing = Object.keys(shape.businessObject.$attrs ?? {}).find(
                (k) => k.split(':')[1] === name,
              );
              if (existing && existing !== `flowable:${name}`) delete shape.businessObject.$attrs[existing];
              modeling.updateProperties(shape, { [`flowable:${name}`]: e.target.value || undefined });
            }}
          />
        </Form.Item>
      ))}
      <LoopProperties
        key={shape.businessObject.get('loopCharacteristics') ? 'loop' : 'none'}
        modeler={modeler}
        shape={shape}
      />
    </Form>
  );
}

interface DefinitionRow {
  id: string;
  processKey: string;
  name: string;
  version: number;
  suspended: number;
  createTime: string;
}

/**
 * /definition/designer: the bpmn-js modeler with the Flowable attributes of the selected
 * element; open a BPMN file (a Flowable model deploys as it is), validate, deploy; the deployed
 * versions (suspend, activate, delete) and which bill actions need which process's approval.
 */
export function DesignerScreen() {
  const { t } = useTranslation();
  useDocumentTitle({ key: 'menu.processDesigner' });
  const { message } = App.useApp();
  const host = useRef<HTMLDivElement>(null);
  const [modeler, setModeler] = useState<Modeler>();
  const [selected, setSelected] = useState<Shape>();
  const [busy, setBusy] = useState(false);
  // The deployed version the modeler holds, when one was opened (its deploy makes the next one).
  const [opened, setOpened] = useState<{ key: string; version: number }>();

  useEffect(() => {
    if (!host.current) return;
    const instance = new Modeler({ container: host.current });
    void instance.importXML(blank).then(() => {
      (instance.get('canvas') as { zoom(level: string): void }).zoom('fit-viewport');
    });
    const events = instance.get('eventBus') as {
      on(event: string, fn: (e: { newSelection: Shape[] }) => void): void;
    };
    events.on('selection.changed', (e) => {
      const root = (instance.get('canvas') as { getRootElement(): Shape }).getRootElement();
      setSelected(e.newSelection[0] ?? root);
    });
    setModeler(instance);
    return () => instance.destroy();
  }, []);

  const xml = async () => {
    if (!modeler) throw new Error('no modeler');
    const saved = await modeler.saveXML({ format: true });
    return saved.xml ?? '';
  };
  const open = async (text: string, from?: { key: string; version: number }) => {
    try {
      await modeler?.importXML(text);
      (modeler?.get('canvas') as { zoom(level: string): void } | undefined)?.zoom('fit-viewport');
      setSelected(undefined);
      setOpened(from);
      return true;
    } catch (error) {
      message.error(String((error as Error).message ?? error));
      return false;
    }
  };
  /**
   * A deployed version opens as the draft of the next one (ADR 0027, amendment 7): a deployed
   * definition never changes (its running instances follow it), so the model is edited here and
   * deploying it adds a version under the same key.
   */
  const openDeployed = async (row: DefinitionRow) => {
    try {
      const definition = await client.request<{ xml: string }>('GET', `${api}/definition/detail`, {
        query: { id: row.id },
      });
      const from = { key: row.processKey, version: row.version };
      if (await open(definition.xml, from)) {
        message.info(t('workflow.openedDeployed', from));
        host.current?.scrollIntoView({ block: 'nearest' });
      }
    } catch (error) {
      reportError(error);
    }
  };
  const call = async (path: string, then: (answer: Record<string, unknown>) => void) => {
    setBusy(true);
    try {
      const answer = await client.request<Record<string, unknown>>('POST', `${api}/definition/${path}`, {
        body: { xml: await xml() },
      });
      then(answer);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    const blob = new Blob([await xml()], { type: 'application/xml' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'process.bpmn20.xml';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        className="bl-page-card"
        title={
          <Space>
            {t('workflow.designer')}
            {opened && (
              <Tag color="blue" data-testid="wf-opened">
                {t('workflow.editingDeployed', opened)}
              </Tag>
            )}
          </Space>
        }
        extra={
          <Space wrap>
            <Button onClick={() => void open(blank)}>{t('workflow.newModel')}</Button>
            <Upload
              accept=".bpmn,.xml"
              showUploadList={false}
              beforeUpload={(file) => {
                void file.text().then(open);
                return false;
              }}
            >
              <Button data-testid="wf-open">{t('workflow.openFile')}</Button>
            </Upload>
            <Button onClick={() => void download()}>{t('workflow.downloadXml')}</Button>
            <Button
              loading={busy}
              onClick={() =>
                void call('validate', (a) => message.success(t('workflow.valid', { key: a.key })))
              }
            >
              {t('workflow.validate')}
            </Button>
            <Button
              type="primary"
              loading={busy}
              onClick={() =>
                void call('deploy', (a) => {
                  message.success(t('workflow.deployed', { key: a.key, version: a.version }));
                  void queryClient.invalidateQueries({ queryKey: ['workflow'] });
                })
              }
            >
              {t('workflow.deploy')}
            </Button>
          </Space>
        }
      >
        <Row gutter={16}>
          <Col flex="auto">
            <div ref={host} className="bl-wf-designer" />
          </Col>
          <Col flex="280px">
            <Card size="small" title={t('workflow.properties')}>
              <Properties modeler={modeler} shape={selected} />
            </Card>
          </Col>
        </Row>
      </Card>
      <Definitions onOpen={(row) => void openDeployed(row)} />
      <Approvals />
    </Space>
  );
}

function Definitions({ onOpen }: { onOpen: (row: DefinitionRow) => void }) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: ['workflow', 'definitions'],
    queryFn: () =>
      client.request<{ records: DefinitionRow[] }>('GET', `${api}/definition/list`, {
        query: { size: '100' },
      }),
  });
  const act = async (path: string, query: Record<string, string>) => {
    try {
      await client.request('POST', `${api}/definition/${path}`, { query });
      void queryClient.invalidateQueries({ queryKey: ['workflow'] });
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <Card size="small" title={t('workflow.definitions')} data-testid="wf-definitions">
      <Table<DefinitionRow>
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.isPending}
        dataSource={list.data?.records ?? []}
        columns={[
          { title: t('workflow.processKey'), dataIndex: 'processKey' },
          { title: t('workflow.process'), dataIndex: 'name' },
          { title: t('workflow.version'), dataIndex: 'version' },
          {
            title: t('workflow.status'),
            dataIndex: 'suspended',
            render: (s: number) =>
              s ? <Tag>{t('workflow.suspended')}</Tag> : <Tag color="success">{t('workflow.active')}</Tag>,
          },
          {
            title: '',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => onOpen(row)} data-testid="wf-definition-open">
                  {t('workflow.openDeployed')}
                </Button>
                <Button
                  size="small"
                  onClick={() => void act(row.suspended ? 'activate' : 'suspend', { id: row.id })}
                >
                  {row.suspended ? t('workflow.activate') : t('workflow.suspend')}
                </Button>
                <Popconfirm
                  title={t('workflow.removeConfirm')}
                  onConfirm={() => void act('remove', { ids: row.id })}
                >
                  <Button size="small" danger>
                    {t('workflow.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** An approval setting, named in the reader's language by the server (workflow routes). */
interface ApprovalRow {
  id: string;
  entity: string;
  entityLabel?: string;
  action: string;
  actionLabel: string;
  processKey: string;
  /** The newest deployed version's name; null once the process is no longer deployed. */
  processName: string | null;
}

/**
 * Which bill actions need which process's approval: the bill-flow declaration's actions by
 * label, and a process chosen among the tenant's deployed ones (the server refuses any other).
 */
function Approvals() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const catalogue = useCatalogue().data;
  const [form] = Form.useForm<{ entity: string; action: string; processKey: string }>();
  const entity = Form.useWatch('entity', form);
  const list = useQuery({
    queryKey: ['workflow', 'approvals', language],
    queryFn: () => client.request<ApprovalRow[]>('GET', `${api}/approval/list`),
  });
  // The tenant's deployed processes, one per key (the list is newest version first by key).
  const definitions = useQuery({
    queryKey: ['workflow', 'definitions'],
    queryFn: () =>
      client.request<{ records: DefinitionRow[] }>('GET', `${api}/definition/list`, {
        query: { size: '100' },
      }),
  });
  const processes = [
    ...new Map((definitions.data?.records ?? []).map((d) => [d.processKey, d] as const)).values(),
  ];
  const bills = (catalogue?.entities ?? []).filter((e) => (e.flowActions ?? []).length > 0);
  const actions = bills.find((b) => b.name === entity)?.flowActions ?? [];
  const save = async (values: { entity: string; action: string; processKey: string }) => {
    try {
      await client.request('POST', `${api}/approval/submit`, { body: values });
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['workflow', 'approvals'] });
    } catch (error) {
      reportError(error);
    }
  };
  const billLabel = (name: string) => bills.find((b) => b.name === name)?.label[language] ?? name;
  return (
    <Card size="small" title={t('workflow.approvals')} data-testid="wf-approvals">
      <Form form={form} layout="inline" onFinish={(v) => void save(v)} style={{ marginBottom: 12 }}>
        <Form.Item name="entity" rules={[{ required: true }]}>
          <Select
            data-testid="wf-approval-entity"
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            placeholder={t('workflow.billType')}
            options={bills.map((b) => ({ value: b.name, label: b.label[language] ?? b.name }))}
          />
        </Form.Item>
        <Form.Item name="action" rules={[{ required: true }]}>
          <Select
            data-testid="wf-approval-action"
            style={{ width: 160 }}
            placeholder={t('workflow.action')}
            options={actions.map((a) => ({ value: a.name, label: a.label[language] ?? a.name }))}
          />
        </Form.Item>
        <Form.Item name="processKey" rules={[{ required: true }]}>
          <Select
            data-testid="wf-approval-key"
            showSearch
            optionFilterProp="label"
            style={{ width: 280 }}
            placeholder={t('workflow.approvalProcess')}
            options={processes.map((d) => ({ value: d.processKey, label: `${d.name} (${d.processKey})` }))}
          />
        </Form.Item>
        <Button htmlType="submit" type="primary">
          {t('workflow.add')}
        </Button>
      </Form>
      <Table<ApprovalRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={list.data ?? []}
        columns={[
          {
            title: t('workflow.billType'),
            dataIndex: 'entity',
            render: (e: string, row: ApprovalRow) => row.entityLabel ?? billLabel(e),
          },
          { title: t('workflow.action'), dataIndex: 'actionLabel' },
          {
            title: t('workflow.approvalProcess'),
            dataIndex: 'processKey',
            render: (key: string, row: ApprovalRow) =>
              row.processName ? `${row.processName} (${key})` : key,
          },
          {
            title: '',
            render: (_, row: { id: string }) => (
              <Button
                size="small"
                danger
                onClick={() =>
                  void client
                    .request('POST', `${api}/approval/remove`, { query: { ids: row.id } })
                    .then(
                      () => queryClient.invalidateQueries({ queryKey: ['workflow', 'approvals'] }),
                      reportError,
                    )
                }
              >
                {t('workflow.remove')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
