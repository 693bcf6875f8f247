import {
  type FormField,
  type FormFieldType,
  type FormSchema,
  formFieldTypes,
  formLabel,
  readFormSchema,
} from '@bl/contract';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Row,
  Select,
  Space,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient, reportError } from '../api/query.ts';
import { currentLanguage } from '../i18n/index.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { FormFields } from './FormFields.tsx';
import './workflow.css';

const api = '/api/bl-flowable/form';

/** Options as the designer edits them: one a line, `value=简体/繁體/English`. */
const optionsText = (field: FormField) =>
  (field.options ?? []).map((o) => `${o.value}=${o.label.zh}/${o.label.mo}/${o.label.en}`).join('\n');
const parseOptions = (text: string): FormField['options'] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [value = '', labels = ''] = line.split('=');
      const [zh = value, mo = zh, en = zh] = labels.split('/').map((l) => l.trim());
      return {
        value: value.trim(),
        label: { zh: zh || value, mo: mo || zh || value, en: en || zh || value },
      };
    });

/** A new field: a free variable name, and the type's name as its label in every language until edited. */
function newField(type: FormFieldType, fields: FormField[], typeName: string): FormField {
  let n = fields.length + 1;
  while (fields.some((f) => f.name === `${type}${n}`)) n++;
  return {
    name: `${type}${n}`,
    type,
    label: { zh: typeName, mo: typeName, en: typeName },
    ...(type === 'select' && {
      options: [{ value: 'a', label: { zh: 'A', mo: 'A', en: 'A' } }],
    }),
  };
}

/** The properties of the selected field: its variable name, three labels, rules and width. */
function FieldProperties({
  field,
  columns,
  onChange,
}: {
  field: FormField;
  columns: number;
  onChange: (field: FormField) => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<FormField>) => onChange({ ...field, ...patch });
  const number = (value: number | null) => (value === null ? undefined : value);
  const textual = field.type === 'text' || field.type === 'textarea';
  return (
    <Form layout="vertical" size="small">
      <Form.Item label={t('workflow.form.name')}>
        <Input
          value={field.name}
          maxLength={64}
          onChange={(e) => set({ name: e.target.value.trim() })}
          data-testid="ff-name"
        />
      </Form.Item>
      {(['zh', 'mo', 'en'] as const).map((l) => (
        <Form.Item key={l} label={t(`workflow.form.label${l === 'zh' ? 'Zh' : l === 'mo' ? 'Mo' : 'En'}`)}>
          <Input
            value={field.label[l]}
            maxLength={64}
            onChange={(e) => set({ label: { ...field.label, [l]: e.target.value } })}
            data-testid={`ff-label-${l}`}
          />
        </Form.Item>
      ))}
      <Form.Item>
        <Checkbox
          checked={!!field.required}
          onChange={(e) => set({ required: e.target.checked })}
          data-testid="ff-required"
        >
          {t('workflow.form.required_')}
        </Checkbox>
      </Form.Item>
      {(field.type === 'number' || textual) && (
        <Space>
          <Form.Item label={t('workflow.form.min')}>
            <InputNumber value={field.min} onChange={(v) => set({ min: number(v) })} data-testid="ff-min" />
          </Form.Item>
          <Form.Item label={t('workflow.form.max')}>
            <InputNumber value={field.max} onChange={(v) => set({ max: number(v) })} data-testid="ff-max" />
          </Form.Item>
        </Space>
      )}
      {textual && (
        <Form.Item label={t('workflow.form.pattern')}>
          <Input
            value={field.pattern}
            maxLength={200}
            onChange={(e) => set({ pattern: e.target.value || undefined })}
            data-testid="ff-pattern"
          />
        </Form.Item>
      )}
      {field.type === 'select' && (
        <Form.Item label={t('workflow.form.options')}>
          <Input.TextArea
            rows={4}
            defaultValue={optionsText(field)}
            onChange={(e) => set({ options: parseOptions(e.target.value) })}
            data-testid="ff-options"
          />
        </Form.Item>
      )}
      {columns > 1 && (
        <Form.Item label={t('workflow.form.span')}>
          <InputNumber
            min={1}
            max={columns}
            value={field.span ?? 1}
            onChange={(v) => set({ span: number(v) })}
          />
        </Form.Item>
      )}
    </Form>
  );
}

/**
 * /tool/build/index (hidden route, spec 01): designs a workflow form. Fields are dragged (or
 * clicked) from the palette onto the canvas, ordered, and given a variable name, labels in the
 * three languages, rules and a width; the form is saved as a wfform schema (the next version of
 * its key) and previewed with the very components the start and handle pages use.
 */
export function FormDesigner() {
  const { t } = useTranslation();
  useDocumentTitle({ key: 'workflow.form.designer' });
  const { message } = App.useApp();
  const language = currentLanguage();
  const [formId, setFormId] = useState('');
  const [formName, setFormName] = useState('');
  const [schema, setSchema] = useState<FormSchema>({ version: 0, columns: 1, fields: [] });
  const [selected, setSelected] = useState<number>();
  const [preview, setPreview] = useState(false);
  const [busy, setBusy] = useState(false);
  const forms = useQuery({
    queryKey: ['workflow', 'forms'],
    queryFn: () => client.request<{ formId: string; formName: string }[]>('GET', `${api}/list`),
  });
  const typeName = (type: FormFieldType) => t(`workflow.form.types.${type}`);
  const add = (type: FormFieldType) => {
    const field = newField(type, schema.fields, typeName(type));
    setSchema({ ...schema, fields: [...schema.fields, field] });
    setSelected(schema.fields.length);
  };
  const update = (index: number, field: FormField) =>
    setSchema({ ...schema, fields: schema.fields.map((f, i) => (i === index ? field : f)) });
  const move = (index: number, by: number) => {
    const fields = [...schema.fields];
    const [field] = fields.splice(index, 1);
    if (!field) return;
    fields.splice(index + by, 0, field);
    setSchema({ ...schema, fields });
    setSelected(index + by);
  };
  const remove = (index: number) => {
    setSchema({ ...schema, fields: schema.fields.filter((_, i) => i !== index) });
    setSelected(undefined);
  };
  const open = async (id: string) => {
    try {
      const form = await client.request<{ formId: string; formName: string; schema: FormSchema | null }>(
        'GET',
        `${api}/detail`,
        { query: { formId: id } },
      );
      setFormId(form.formId);
      setFormName(form.formName);
      setSchema(form.schema ?? { version: 0, columns: 1, fields: [] });
      setSelected(undefined);
    } catch (error) {
      reportError(error);
    }
  };
  const save = async () => {
    setBusy(true);
    try {
      const saved = await client.request<{ formId: string; version: number }>('POST', `${api}/save`, {
        body: { formId, formName, schema },
      });
      setSchema({ ...schema, version: saved.version });
      message.success(t('workflow.form.saved', saved));
      void queryClient.invalidateQueries({ queryKey: ['workflow', 'forms'] });
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  const checked = readFormSchema(schema);
  const field = selected === undefined ? undefined : schema.fields[selected];
  return (
    <Card
      className="bl-page-card"
      title={t('workflow.form.designer')}
      extra={
        <Space wrap>
          <Select
            style={{ minWidth: 180 }}
            placeholder={t('workflow.form.open')}
            value={null}
            onChange={(id: string) => void open(id)}
            options={(forms.data ?? []).map((f) => ({
              value: f.formId,
              label: `${f.formName} (${f.formId})`,
            }))}
          />
          <Button
            onClick={() => {
              setFormId('');
              setFormName('');
              setSchema({ version: 0, columns: 1, fields: [] });
              setSelected(undefined);
            }}
          >
            {t('workflow.form.newForm')}
          </Button>
          <Button disabled={'error' in checked} onClick={() => setPreview(true)} data-testid="ff-preview">
            {t('workflow.form.preview')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="ff-save">
            {t('workflow.form.save')}
          </Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          addonBefore={t('workflow.form.formId')}
          value={formId}
          maxLength={64}
          onChange={(e) => setFormId(e.target.value.trim())}
          data-testid="ff-form-id"
        />
        <Input
          addonBefore={t('workflow.form.formName')}
          value={formName}
          maxLength={128}
          onChange={(e) => setFormName(e.target.value)}
          data-testid="ff-form-name"
        />
        <Space>
          {t('workflow.form.columns')}
          <Select
            value={schema.columns}
            style={{ width: 72 }}
            onChange={(columns: number) => setSchema({ ...schema, columns })}
            options={[1, 2, 3, 4].map((n) => ({ value: n, label: n }))}
          />
        </Space>
        {schema.version > 0 && <Tag>v{schema.version}</Tag>}
      </Space>
      <Row gutter={12}>
        <Col span={5}>
          <Card size="small" title={t('workflow.form.palette')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {formFieldTypes.map((type) => (
                <Button
                  key={type}
                  block
                  draggable
                  onDragStart={(e) => e.dataTransfer.setData('text/bl-form-field', type)}
                  onClick={() => add(type)}
                  data-testid={`ff-add-${type}`}
                >
                  {typeName(type)}
                </Button>
              ))}
            </Space>
          </Card>
        </Col>
        <Col span={11}>
          <Card
            size="small"
            title={t('workflow.form.canvas')}
            className="bl-form-canvas"
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              const type = e.dataTransfer.getData('text/bl-form-field') as FormFieldType;
              if (formFieldTypes.includes(type)) add(type);
            }}
            data-testid="ff-canvas"
          >
            {schema.fields.length === 0 ? (
              <Empty description={t('workflow.form.empty')} />
            ) : (
              <List
                size="small"
                dataSource={schema.fields}
                renderItem={(f, index) => (
                  <List.Item
                    className={index === selected ? 'bl-form-field bl-form-field-selected' : 'bl-form-field'}
                    onClick={() => setSelected(index)}
                    actions={[
                      <Button
                        key="up"
                        size="small"
                        type="link"
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        {t('workflow.form.up')}
                      </Button>,
                      <Button
                        key="down"
                        size="small"
                        type="link"
                        disabled={index === schema.fields.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        {t('workflow.form.down')}
                      </Button>,
                      <Button key="remove" size="small" type="link" danger onClick={() => remove(index)}>
                        {t('workflow.form.remove')}
                      </Button>,
                    ]}
                  >
                    <Space>
                      {f.required && <span style={{ color: '#f5222d' }}>*</span>}
                      <b>{formLabel(f.label, language)}</b>
                      <Tag>{typeName(f.type)}</Tag>
                      <code>{f.name}</code>
                    </Space>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small" title={t('workflow.form.properties')}>
            {field && selected !== undefined ? (
              <FieldProperties
                key={`${selected}-${field.type}`}
                field={field}
                columns={schema.columns}
                onChange={(next) => update(selected, next)}
              />
            ) : (
              <Empty description={t('workflow.form.selectField')} />
            )}
          </Card>
        </Col>
      </Row>
      <Modal
        open={preview}
        title={`${t('workflow.form.preview')}: ${formName}`}
        footer={null}
        width={Math.min(320 * schema.columns, 1100)}
        destroyOnHidden
        onCancel={() => setPreview(false)}
      >
        {'schema' in checked && (
          <Form layout="vertical" data-testid="ff-preview-form">
            <FormFields schema={checked.schema} />
          </Form>
        )}
      </Modal>
    </Card>
  );
}
