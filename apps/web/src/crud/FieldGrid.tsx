import type { Language } from '@bl/contract';
import type { FieldMeta } from '@bl/entities';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CatalogueIndex } from './catalogue.ts';
import { formInputs } from './inputs.tsx';
import { fieldRules } from './rules.ts';

/**
 * A few header fields asked for outside the record form (an action's dialog, a "make from"
 * dialog): each with its label, its own rules and the form's input, in a grid of columns at
 * least `minWidth` pixels wide. Goes inside the caller's `<Form>`.
 */
export function FieldGrid(props: {
  fields: readonly FieldMeta[];
  language: Language;
  catalogue: CatalogueIndex;
  minWidth: number;
}) {
  const { fields, language, catalogue, minWidth } = props;
  const { t } = useTranslation();
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))`,
        gap: 12,
      }}
    >
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label[language]}
          rules={fieldRules(field, language)}
          required={field.required}
          style={{ marginBottom: 8 }}
        >
          {formInputs[field.kind]({ field, language, catalogue, t })}
        </Form.Item>
      ))}
    </div>
  );
}
