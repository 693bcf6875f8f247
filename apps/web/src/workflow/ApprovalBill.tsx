import type { FieldMeta } from '@bl/entities';
import { Alert, Card, Descriptions, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCatalogue } from '../api/query.ts';
import { indexCatalogue } from '../crud/catalogue.ts';
import { type ColumnContext, viewOf } from '../crud/columns.tsx';
import { LinesTable } from '../crud/RecordView.tsx';
import { viewRouteOf } from '../crud/routes.ts';
import type { Row } from '../crud/values.ts';
import { currentLanguage } from '../i18n/index.ts';
import { useSession } from '../session.ts';

/** The bill an approval stands for, as the server lets its reader see it (process/detail). */
export interface ApprovalBillData {
  entity: string;
  entityLabel: string;
  id: string;
  billNo: string;
  action: string;
  actionLabel: string;
  /** Whether the reader may read the bill: without, only its type and number. */
  readable: boolean;
  /** The header's list fields. */
  header: Row;
  lines: { key: string; entity: string; rows: Row[] }[];
  /** The action's form values given when the approval was asked (bill fields). */
  form: { name: string; value: unknown }[];
}

/**
 * What the approver decides on (issue 29, 14): the bill's type, number and the action asked,
 * its header as its list shows it (owner, warehouse, date, totals, state), the values the
 * action's form was given, its lines with the view's first columns, and a link to its view.
 */
export function ApprovalBill({ bill }: { bill: ApprovalBillData }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const catalogue = useCatalogue();
  const session = useSession((s) => s.session);
  const index = useMemo(
    () => (catalogue.data ? indexCatalogue(catalogue.data) : undefined),
    [catalogue.data],
  );
  const entity = index?.entity(bill.entity);
  const link = entity && viewRouteOf(entity, bill.id);
  const title = (
    <Space wrap>
      <span>
        {t('workflow.billAsked', { bill: `${bill.entityLabel} ${bill.billNo}`, action: bill.actionLabel })}
      </span>
      {link && bill.readable && (
        <Link to={link} data-testid="wf-bill-open">
          {t('workflow.openBill')}
        </Link>
      )}
    </Space>
  );
  if (!bill.readable || !index || !entity)
    return (
      <Card size="small" title={title} data-testid="wf-bill">
        {!bill.readable && <Alert type="info" showIcon message={t('workflow.billNotReadable')} />}
      </Card>
    );
  const context: ColumnContext = {
    language,
    catalogue: index,
    t,
    userName: (id) => (id === session?.userId ? session.userName : undefined),
  };
  const fieldOf = (name: string) => entity.fields.find((field) => field.name === name);
  const form = bill.form.flatMap(({ name, value }) => {
    const field = fieldOf(name);
    return field ? [{ field, value }] : [];
  });
  // A field the form was given shows its given value, once.
  const given = new Set(form.map(({ field }) => field.name));
  const header = entity.fields.filter(
    (field) => field.name !== 'id' && field.name in bill.header && !given.has(field.name),
  );
  const item = (field: FieldMeta, row: Row) => (
    <Descriptions.Item key={field.name} label={field.label[language]}>
      {viewOf(field, row, context)}
    </Descriptions.Item>
  );
  return (
    <Card size="small" title={title} data-testid="wf-bill">
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Descriptions size="small" bordered column={3} data-testid="wf-bill-header">
          {header.map((field) => item(field, bill.header))}
          {form.map(({ field, value }) => item(field, { [field.name]: value }))}
        </Descriptions>
        {bill.lines.map((lines) => {
          const lineEntity = index.entity(lines.entity);
          return lineEntity ? (
            <LinesTable key={lines.key} entity={lineEntity} lines={lines.rows} context={context} />
          ) : null;
        })}
      </Space>
    </Card>
  );
}
