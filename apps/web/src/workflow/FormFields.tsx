import { type FormField, type FormSchema, formLabel } from '@bl/contract';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/index.ts';
import { UserPicker } from './UserPicker.tsx';

/** The antd rules of a field: the same ones the server checks (`checkFormValues`). */
function rulesOf(field: FormField, messages: { required: string; invalid: string }): Rule[] {
  const rules: Rule[] = [];
  if (field.required) rules.push({ required: true, message: messages.required });
  const ruleText = messages.invalid;
  if (field.type === 'number') {
    rules.push({ type: 'number', min: field.min, max: field.max, message: ruleText });
  } else if (field.type === 'text' || field.type === 'textarea') {
    if (field.min !== undefined || field.max !== undefined)
      rules.push({ type: 'string', min: field.min, max: field.max, message: ruleText });
    if (field.pattern) rules.push({ pattern: new RegExp(`^(?:${field.pattern})$`), message: ruleText });
  }
  return rules;
}

/**
 * The control of a field. Form.Item hands its child `value` and `onChange`: they are passed on
 * to the antd control.
 */
function Widget({
  field,
  disabled,
  ...control
}: {
  field: FormField;
  disabled?: boolean;
  value?: never;
  onChange?: (value: never) => void;
}) {
  const language = currentLanguage();
  const props = { ...control, disabled } as Record<string, unknown>;
  switch (field.type) {
    case 'number':
      return <InputNumber style={{ width: '100%' }} {...props} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} {...props} />;
    case 'select':
      return (
        <Select
          allowClear
          {...props}
          options={(field.options ?? []).map((o) => ({
            value: o.value,
            label: formLabel(o.label, language),
          }))}
        />
      );
    case 'textarea':
      return <Input.TextArea rows={3} {...props} />;
    case 'user':
      return <UserPicker style={{ width: '100%' }} {...props} />;
    default:
      return <Input {...props} />;
  }
}

/**
 * The fields of a designed form inside an antd `Form` (start page, handle page, the designer's
 * preview), in the form's columns. Dates are kept as `YYYY-MM-DD` text, the schema's format.
 * `locked` fields (values given at the start that the task may not change) show read-only.
 */
export function FormFields({
  schema,
  disabled,
  locked = [],
}: {
  schema: FormSchema;
  disabled?: boolean;
  locked?: readonly string[];
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns = Math.min(Math.max(schema.columns, 1), 4);
  return (
    <Row gutter={16}>
      {schema.fields.map((field) => {
        const label = formLabel(field.label, language);
        const span = Math.min(field.span ?? 1, columns);
        return (
          <Col key={field.name} span={(24 / columns) * span} data-testid={`wf-field-${field.name}`}>
            <Form.Item
              name={field.name}
              label={label}
              rules={rulesOf(field, {
                required: t('workflow.form.required', { field: label }),
                invalid: t('workflow.form.invalid', { field: label }),
              })}
              {...(locked.includes(field.name) && { extra: t('workflow.form.locked') })}
              {...(field.type === 'date' && {
                getValueProps: (value: unknown) => ({ value: value ? dayjs(String(value)) : undefined }),
                normalize: (value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : undefined),
              })}
            >
              <Widget field={field} disabled={disabled || locked.includes(field.name)} />
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}

/** The values of a form's fields out of a set of process variables (prefilling the handle form). */
export const formValues = (schema: FormSchema, variables: Record<string, unknown>) =>
  Object.fromEntries(
    schema.fields.filter((f) => f.name in variables).map((f) => [f.name, variables[f.name]]),
  );
