import { EditOutlined, PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import { ProDescriptions } from '@ant-design/pro-components';
import type { CatalogueEntity } from '@bl/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Result, Skeleton, Space, Table, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { currentLanguage } from '../i18n/index.ts';
import { useSession } from '../session.ts';
import { linkedEntities, TransportLinks } from '../transport/TransportLinks.tsx';
import { pendingApprovalOf, recordLock, recordLockMessage } from './actions.ts';
import type { CatalogueIndex } from './catalogue.ts';
import { ApprovalTag, alignOf, type ColumnContext, cellOf, isWide, viewFields, viewOf } from './columns.tsx';
import { descriptionSpans } from './layout.ts';
import { lineColumnFields } from './lines.ts';
import { useRecord } from './useRecord.ts';
import type { Row } from './values.ts';

/** A record as descriptions: its own fields, then who made and changed it, and when. */
export function RecordDescriptions(props: {
  entity: CatalogueEntity;
  record: Row;
  context: ColumnContext;
  column?: number;
}) {
  const { entity, record, context, column = 3 } = props;
  const fields = viewFields(entity);
  const spans = descriptionSpans(fields.map(isWide), column);
  return (
    <ProDescriptions<Row>
      bordered
      size="small"
      column={column}
      dataSource={record}
      columns={fields.map((field, position) => ({
        key: field.name,
        dataIndex: field.name,
        title: field.label[context.language],
        span: spans[position],
        render: () => viewOf(field, record, context),
      }))}
    />
  );
}

/**
 * A bill's lines of one child, read-only: the editor's first columns (lines.ts: material,
 * quantity, place, batch, and what a line's figures rank, a count's book quantity and
 * difference), the other 20-odd behind "more", as in the editor (issue 29, 11).
 */
export function LinesTable(props: { entity: CatalogueEntity; lines: Row[]; context: ColumnContext }) {
  const { entity, lines, context } = props;
  const { t } = useTranslation();
  const [more, setMore] = useState(false);
  const { shown: fields, hidden } = lineColumnFields(
    entity.fields.filter((field) => field.view && !field.system),
    more,
  );
  return (
    <div className="bl-lines" data-testid={`view-lines-${entity.name}`}>
      <Typography.Title level={5}>
        {entity.label[context.language]}
        {hidden > 0 && (
          <Button
            size="small"
            type="link"
            style={{ marginInlineStart: 12 }}
            onClick={() => setMore(!more)}
            data-testid="view-lines-more"
          >
            {more ? t('crud.fewerColumns') : t('crud.moreColumns', { count: hidden })}
          </Button>
        )}
      </Typography.Title>
      <Table<Row>
        rowKey={(line) => String(line.id)}
        size="small"
        bordered
        pagination={false}
        dataSource={lines}
        locale={{ emptyText: t('crud.noLines') }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: '_index',
            title: t('crud.lineNumber'),
            width: 64,
            align: 'center',
            render: (_value, _line, index) => index + 1,
          },
          ...fields.map((field) => ({
            key: field.name,
            title: field.label[context.language],
            align: alignOf(field),
            render: (_value: unknown, line: Row) => cellOf(field, line, context),
          })),
        ]}
      />
    </div>
  );
}

/** The view drawer of one record, with its lines; print and edit from here. */
export function RecordView(props: {
  entity: CatalogueEntity;
  catalogue: CatalogueIndex;
  id: string;
  context: ColumnContext;
  onClose: () => void;
  onEdit?: (id: string) => void;
  onPrint: (ids: string[]) => void;
  /** The bill's flow actions that fit the record's state (review, un-review…). */
  actions?: (record: Row) => ReactNode;
}) {
  const { entity, catalogue, id, context, onClose, onEdit, onPrint, actions } = props;
  const { t } = useTranslation();
  const language = currentLanguage();
  const record = useRecord(entity, id);
  // A bill its flow has locked, or one waiting for an approval, offers no edit, and says why
  // (issue 14, 10; issue 29, 3).
  const lock = record.data ? recordLock(entity, record.data) : undefined;
  const editable = onEdit !== undefined && record.data !== undefined && lock === undefined;
  const pending = record.data ? pendingApprovalOf(record.data) : undefined;
  // Only the one who asked for the approval may take it back (the server checks it too).
  const userId = useSession((s) => s.session?.userId);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const recall = useMutation({
    mutationFn: () =>
      client.request<unknown>('POST', '/api/bl-flowable/approval/recall', {
        query: { entity: entity.name, id },
      }),
    onSuccess: async () => {
      message.success(t('crud.recalled'));
      await queryClient.invalidateQueries({ queryKey: ['list', entity.name] });
      await queryClient.invalidateQueries({ queryKey: ['record', entity.name] });
    },
  });
  const confirmRecall = () =>
    modal.confirm({
      title: t('crud.tip'),
      content: t('crud.recallConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      className: 'bl-confirm-recall',
      onOk: () => recall.mutateAsync().catch(() => undefined),
    });
  return (
    <Drawer
      open
      title={
        <Space size={4} wrap>
          {t('crud.viewTitle', { entity: entity.label[language] })}
          {record.data && <ApprovalTag row={record.data} context={{ language, t }} />}
        </Space>
      }
      width="min(1120px, 96vw)"
      onClose={onClose}
      destroyOnHidden
      className="bl-view-drawer"
      extra={
        <Space>
          {record.data && actions?.(record.data)}
          {pending && pending.starter === userId && (
            <Button icon={<RollbackOutlined />} onClick={confirmRecall} data-testid="view-recall">
              {t('crud.recallApproval')}
            </Button>
          )}
          <Button icon={<PrinterOutlined />} onClick={() => onPrint([id])}>
            {t('crud.print')}
          </Button>
          {editable && (
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => onEdit?.(id)}
              data-testid="view-edit"
            >
              {t('crud.edit')}
            </Button>
          )}
        </Space>
      }
    >
      {record.data ? (
        <div className="bl-view">
          {lock && (
            <Alert
              type={lock.kind === 'approval' ? 'warning' : 'info'}
              showIcon
              message={recordLockMessage(entity, catalogue, lock, language, t)}
              data-testid="view-locked"
            />
          )}
          <RecordDescriptions entity={entity} record={record.data} context={context} />
          {linkedEntities.has(entity.name) && record.data.billNo ? (
            <TransportLinks entity={entity.name} billNo={String(record.data.billNo)} catalogue={catalogue} />
          ) : null}
          {entity.children.map((child) => {
            const lineEntity = catalogue.entity(child.entity);
            const lines = record.data?.[child.key];
            return lineEntity ? (
              <LinesTable
                key={child.key}
                entity={lineEntity}
                lines={Array.isArray(lines) ? (lines as Row[]) : []}
                context={context}
              />
            ) : null;
          })}
        </div>
      ) : record.isError ? (
        <Result
          status="warning"
          title={t('crud.loadFailed')}
          extra={<Button onClick={() => void record.refetch()}>{t('crud.retry')}</Button>}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Drawer>
  );
}
