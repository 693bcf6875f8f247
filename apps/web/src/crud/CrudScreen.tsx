import {
  AuditOutlined,
  CarOutlined,
  DeleteOutlined,
  EllipsisOutlined,
  ExportOutlined,
  FieldTimeOutlined,
  ImportOutlined,
  InboxOutlined,
  PartitionOutlined,
  PlusOutlined,
  PrinterOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import { type ColumnsState, type ProColumns, ProTable } from '@ant-design/pro-components';
import { exportJobMinRows, listCountCap, type Page } from '@bl/contract';
import type { CatalogueAction, CatalogueEntity } from '@bl/entities';
import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { App, Button, Dropdown } from 'antd';
import { type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { client } from '../api/client.ts';
import { queryClient, useButtonCodes, useMenuRoutes } from '../api/query.ts';
import { currentLanguage } from '../i18n/index.ts';
import { useSession } from '../session.ts';
import { useKeptState } from '../shell/keptState.ts';
import { trailTo } from '../shell/menu.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { useMenuLabel } from '../shell/useMenuLabel.ts';
import { readJson, writeJson } from '../storage.ts';
import { type CrudAction, canUse } from './access.ts';
import { actionFits, noticesOf, rowAllows, usableActions } from './actions.ts';
import { type ColumnContext, listColumns } from './columns.tsx';
import { dependentsChanged } from './dependents.ts';
import { EmptyHint } from './EmptyHint.tsx';
import { ExportProgress } from './ExportProgress.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { LineQuantitiesDialog } from './LineQuantitiesDialog.tsx';
import { actionsWidth, splitRowLinks } from './layout.ts';
import { asksNewRecord } from './new-record.ts';
import { defaultPageSize, firstPage, type Paging, pageAfterRemoval, pagerOf } from './paging.ts';
import { exportQuery, filterParams, listQuery, type SearchValues, type Sort } from './query.ts';
import { type FormExtra, type FormRequest, RecordForm } from './RecordForm.tsx';
import { RecordView } from './RecordView.tsx';
import type { ScreenProps } from './screen-props.ts';
import { childQuery, rootQuery, treeParentField, wantsTree, withChildren } from './tree.ts';
import { useBackgroundExport, useDownload } from './useDownload.ts';
import { useWindowWidth } from './useWindowWidth.ts';
import type { Row } from './values.ts';

/** A link of a row's actions column: shown on the row, or behind "more" when it does not fit. */
interface RowLink {
  action: CrudAction;
  key: string;
  label: string;
  danger?: boolean;
  run: () => void;
}

/** Icons of the flow actions most bills share; others show their label only. */
const actionIcons: Partial<Record<string, ReactNode>> = {
  review: <AuditOutlined />,
  unreview: <RollbackOutlined />,
  sort: <PartitionOutlined />,
  load: <CarOutlined />,
  printSort: <PrinterOutlined />,
  printBoard: <PrinterOutlined />,
  receive: <InboxOutlined />,
  receiveAdvance: <FieldTimeOutlined />,
};

/** Opens the printable page of these records in a new tab. */
export function openPrint(entity: CatalogueEntity, ids: string[]): void {
  window.open(`/print/${entity.name}?ids=${ids.join(',')}`, '_blank', 'noopener');
}

function storedColumns(key: string): Record<string, ColumnsState> {
  const value = readJson(key);
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, ColumnsState>)
    : {};
}

const densities = ['large', 'middle', 'small'] as const;
type Density = (typeof densities)[number];
function storedDensity(key: string): Density {
  const value = readJson(key);
  return densities.includes(value as Density) ? (value as Density) : 'middle';
}

/**
 * The form a spec route opens on arrival: only the edit of the record its URL names (`?id=`),
 * which the user asked for by following that link. A bill's `Form` route (the menu's entry) is
 * its list: the add drawer opens when the user clicks add, never on arrival, so a page that
 * mounts (the catalogue loading, a tab reopened) does not open it by itself (issue 14, 1).
 */
function arrivalForm(target: ScreenProps['target']): FormRequest | undefined {
  if (target?.mode === 'edit' && target.id) return { mode: 'edit', id: target.id };
  return undefined;
}

/** What a form needs the user to be allowed: a copy is an add. */
const formAction = (request: FormRequest): CrudAction => (request.mode === 'copy' ? 'add' : request.mode);

/**
 * The list screen of any catalogue entity (spec 01 §2): search form, toolbar (add, delete,
 * export, import, print, refresh, density, columns), server-side paging and sorting, and the
 * add/edit/copy form, view and import dialogs. A spec route may open a drawer on arrival and
 * narrow the list to one kind of records (`target`).
 */
export function CrudScreen(
  props: ScreenProps & {
    /**
     * Buttons a bespoke screen adds to the toolbar (e.g. reprint): `withSelection` wraps an
     * action on the selected ids with the "select at least one" rule of the generic buttons.
     */
    toolbarExtra?: (withSelection: (action: (ids: string[]) => void) => () => void) => ReactNode[];
    /** What a bespoke screen adds to the entity's form (RecordForm's FormExtra). */
    formExtra?: FormExtra;
  },
) {
  const { entity, catalogue, target, toolbarExtra } = props;
  const filter = target?.filter;
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const language = currentLanguage();
  const menuLabel = useMenuLabel();
  // Named as the menu entry that leads here (a route onto another kind of the entity's records,
  // such as consignment orders or the bin board, has an entry of its own), else as the entity.
  const location = useLocation();
  const { pathname } = location;
  const menus = useMenuRoutes().data;
  const here = trailTo(menus ?? [], pathname).at(-1);
  const title = menuLabel(here ?? { code: entity.name, name: entity.label[language] });
  useDocumentTitle(title);
  const codes = useButtonCodes().data;
  const can = (action: CrudAction) => canUse(codes, entity, action);
  const width = useWindowWidth();
  const session = useSession((s) => s.session);
  const download = useDownload();
  const exportLarge = useBackgroundExport();
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);

  // The list's search, paging and sort outlive the page's mount while it has a tab (issue 14, 1).
  const [values, setValues] = useKeptState<SearchValues>('crud-search', {});
  const [paging, setPaging] = useKeptState<Paging>('crud-paging', {
    current: firstPage,
    size: defaultPageSize,
  });
  const [sort, setSort] = useKeptState<Sort | undefined>('crud-sort', undefined);
  const [selected, setSelected] = useState<Key[]>([]);
  const [form, setForm] = useState<FormRequest | undefined>(() => arrivalForm(target));
  const [viewing, setViewing] = useState<string | undefined>(() =>
    target?.mode === 'view' ? target.id : undefined,
  );
  const [importing, setImporting] = useState(false);
  // A link that asks for a new record (the set-up checklist's "create", new-record.ts) opens
  // the add form once the user's rights are known; the ask is then dropped from the history
  // entry, so a reload or a tab reopened does not open it again (issue 29, 16).
  const navigate = useNavigate();
  const asksNew = useRef(asksNewRecord(location.state));
  useEffect(() => {
    if (!asksNew.current || codes === undefined) return;
    asksNew.current = false;
    if (!entity.readOnly && can('add')) setForm({ mode: 'add', ...(filter && { values: filter }) });
    navigate({ pathname, search: location.search }, { replace: true, state: null });
  });

  const columnsKey = `crud-${entity.name}-columns`;
  const densityKey = `crud-${entity.name}-density`;
  const [columnsState, setColumnsState] = useState(() => storedColumns(columnsKey));
  const [density, setDensity] = useState(() => storedDensity(densityKey));

  const treeParent = treeParentField(entity.name, entity.fields);
  const asTree = wantsTree({
    parent: treeParent,
    fields: entity.fields,
    values,
    sort,
    fixedFilter: !!filter,
  });
  const [expanded, setExpanded] = useState<Key[]>([]);
  const query = useMemo(
    () =>
      asTree && treeParent
        ? rootQuery(entity.fields, treeParent, paging)
        : { ...listQuery({ fields: entity.fields, values, paging, sort }), ...filterParams(filter) },
    [asTree, treeParent, entity.fields, values, paging, sort, filter],
  );
  const list = useQuery({
    queryKey: ['list', entity.name, query],
    queryFn: () => client.request<Page<Row>>('GET', `${entity.path}/list`, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const total = list.data?.total ?? 0;
  // The children of the branches opened in tree mode, one request per branch (tree.ts).
  const branchQueries =
    asTree && treeParent ? expanded.map((id) => childQuery(entity.fields, treeParent, String(id))) : [];
  const branches = useQueries({
    queries: branchQueries.map((branchQuery) => ({
      queryKey: ['list', entity.name, branchQuery],
      queryFn: () => client.request<Page<Row>>('GET', `${entity.path}/list`, { query: branchQuery }),
      staleTime: 0,
    })),
  });
  const records = list.data?.records ?? [];
  const loaded = new Map<string, Row[]>();
  expanded.forEach((id, index) => {
    const branch = branches[index]?.data;
    if (branch) loaded.set(String(id), branch.records);
  });
  const rows = asTree ? withChildren(records, loaded) : records;

  const remove = useMutation({
    mutationFn: (ids: string[]) =>
      client.request<unknown>('POST', `${entity.path}/remove`, { query: { ids: ids.join(',') } }),
    onSuccess: async (_data, ids) => {
      message.success(t('crud.success'));
      setSelected((keys) => keys.filter((key) => !ids.includes(String(key))));
      setPaging((current) => pageAfterRemoval(current, total, ids.length));
      dependentsChanged(entity.name);
      await queryClient.invalidateQueries({ queryKey: ['list', entity.name] });
    },
  });

  const confirmRemove = (ids: string[]) => {
    modal.confirm({
      title: t('crud.tip'),
      content: t('crud.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      className: 'bl-confirm-delete',
      onOk: () => remove.mutateAsync(ids).catch(() => undefined),
    });
  };

  /** Batch actions need rows: "Please select at least one piece of data." otherwise. */
  const withSelection = (action: (ids: string[]) => void) => () => {
    if (selected.length === 0) {
      message.warning(t('crud.selectAtLeastOne'));
      return;
    }
    action(selected.map(String));
  };

  // Extra actions of the entity (bill review / un-review): the server names what failed.
  const act = useMutation({
    mutationFn: ({ action, ids, body }: { action: CatalogueAction; ids: string[]; body?: unknown }) =>
      client.request<unknown>('POST', `${entity.path}/${action.name}`, {
        query: { ids: ids.join(',') },
        ...(body !== undefined && { body }),
      }),
    onSuccess: async (data, { action, ids }) => {
      // An answer that did something else than the action (it asked for an approval) says so.
      const notices = noticesOf(data);
      if (notices.length > 0) for (const notice of notices) message.info(notice);
      else message.success(t('crud.success'));
      if (action.print && notices.length === 0) openPrint(entity, ids);
      await queryClient.invalidateQueries({ queryKey: ['list', entity.name] });
      await queryClient.invalidateQueries({ queryKey: ['record', entity.name] });
    },
  });
  // An action taking input (quantities per line, header fields) asks for it on one bill; on
  // several it takes what is open and what the bills say, unless its form is asked once for
  // all of them (a vehicle for several outbound bills).
  const [quantities, setQuantities] = useState<{ action: CatalogueAction; ids: string[] } | null>(null);
  const confirmAction = (action: CatalogueAction) => (ids: string[]) => {
    if (((action.quantities || action.form) && ids.length === 1) || (action.form?.several && ids.length > 0))
      return setQuantities({ action, ids });
    modal.confirm({
      title: t('crud.tip'),
      content: action.confirm[language],
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: action.danger },
      className: `bl-confirm-${action.name}`,
      onOk: () => act.mutateAsync({ action, ids }).catch(() => undefined),
    });
  };
  // A flow action is offered while the chosen bills are in a state it accepts (the declaration).
  const chosen = rows.filter((row) => selected.includes(row.id as Key));
  const actionButtons = usableActions(codes, entity).map((action) => (
    <Button
      key={action.name}
      danger={action.danger}
      icon={actionIcons[action.name]}
      disabled={!actionFits(action, chosen)}
      onClick={withSelection(confirmAction(action))}
      data-testid={`toolbar-${action.name}`}
    >
      {action.label[language]}
    </Button>
  ));

  const confirmExport = () => {
    modal.confirm({
      title: t('crud.tip'),
      content: t('crud.exportConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      className: 'bl-confirm-export',
      onOk: () => {
        const query = { ...exportQuery({ fields: entity.fields, values, sort }), ...filterParams(filter) };
        // A capped count (ADR 0019) is a lower bound: such a list may hold any number of rows.
        if (total < exportJobMinRows && !list.data?.totalCapped)
          return download(`${entity.path}/export`, query, `${entity.name}.xlsx`);
        // A large list exports in the background: the dialog shows rows written, then the file comes.
        setExporting({ done: 0, total });
        void exportLarge(entity.path, query, `${entity.name}.xlsx`, (done, all) =>
          setExporting({ done, total: all }),
        ).finally(() => setExporting(null));
      },
    });
  };

  const context: ColumnContext = {
    language,
    catalogue,
    t,
    userName: (id) => (id === session?.userId ? session.userName : undefined),
  };

  const rowActions: ProColumns<Row> = {
    key: 'option',
    title: t('crud.actions'),
    valueType: 'option',
    fixed: 'right',
    align: 'center',
    // Only as wide as the links this user may have on a row: view, edit, copy, delete.
    width: actionsWidth(
      1 + (['edit', 'add', 'delete'] as const).filter((action) => !entity.readOnly && can(action)).length,
      language,
    ),
    render: (_dom, row) => {
      const id = String(row.id);
      const links: RowLink[] = [
        { action: 'view', key: 'view', label: t('crud.view'), run: () => setViewing(id) },
        { action: 'edit', key: 'edit', label: t('crud.edit'), run: () => setForm({ mode: 'edit', id }) },
        { action: 'add', key: 'copy', label: t('crud.copy'), run: () => setForm({ mode: 'copy', id }) },
        {
          action: 'delete',
          key: 'delete',
          label: t('crud.delete'),
          danger: true,
          run: () => confirmRemove([id]),
        },
      ];
      const { inline, more } = splitRowLinks(
        links.filter((link) => can(link.action) && rowAllows(entity, row, link.action)),
      );
      return [
        ...inline.map((link) => (
          <Button
            key={link.key}
            type="link"
            size="small"
            danger={link.danger}
            onClick={link.run}
            data-testid={`row-${link.key}`}
          >
            {link.label}
          </Button>
        )),
        more.length > 0 && (
          <Dropdown
            key="more"
            trigger={['click']}
            menu={{
              items: more.map((link) => ({
                key: link.key,
                danger: link.danger,
                label: <span data-testid={`row-${link.key}`}>{link.label}</span>,
                onClick: link.run,
              })),
            }}
          >
            <Button
              type="link"
              size="small"
              icon={<EllipsisOutlined />}
              aria-label={t('crud.moreActions')}
              title={t('crud.moreActions')}
              data-testid="row-more"
            />
          </Dropdown>
        ),
      ];
    },
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language and the codes
  const columns = useMemo(
    () => [...listColumns(entity, context, sort), rowActions],
    [entity, sort, language, codes, catalogue],
  );

  const toolbar: [CrudAction, ReactNode][] = [
    [
      'add',
      <Button
        key="add"
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setForm({ mode: 'add', ...(filter && { values: filter }) })}
        data-testid="toolbar-add"
      >
        {t('crud.add')}
      </Button>,
    ],
    [
      'delete',
      <Button
        key="delete"
        danger
        icon={<DeleteOutlined />}
        onClick={withSelection(confirmRemove)}
        data-testid="toolbar-delete"
      >
        {t('crud.delete')}
      </Button>,
    ],
    [
      'export',
      <Button key="export" icon={<ExportOutlined />} onClick={confirmExport} data-testid="toolbar-export">
        {t('crud.export')}
      </Button>,
    ],
    [
      'import',
      <Button
        key="import"
        icon={<ImportOutlined />}
        onClick={() => setImporting(true)}
        data-testid="toolbar-import"
      >
        {t('crud.import')}
      </Button>,
    ],
    [
      'view',
      <Button
        key="print"
        icon={<PrinterOutlined />}
        onClick={withSelection((ids) => openPrint(entity, ids))}
        data-testid="toolbar-print"
      >
        {t('crud.print')}
      </Button>,
    ],
  ];

  return (
    <div className="bl-page bl-crud" data-testid={`crud-${entity.name}`}>
      <ProTable<Row>
        rowKey={(row) => String(row.id)}
        headerTitle={title}
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        cardBordered
        locale={{
          emptyText: (
            <EmptyHint
              entity={entity}
              catalogue={catalogue}
              language={language}
              filtered={
                Object.values(values).some((v) => v !== undefined && v !== null && v !== '') || !!filter
              }
              canAdd={!entity.readOnly && can('add')}
            />
          ),
        }}
        scroll={{ x: 'max-content' }}
        size={density}
        onSizeChange={(size) => {
          const next = size ?? 'middle';
          setDensity(next);
          writeJson(densityKey, next);
        }}
        columnsState={{
          value: columnsState,
          onChange: (state) => {
            setColumnsState(state);
            writeJson(columnsKey, state);
          },
        }}
        // The search form shows the search kept from the page's last visit.
        form={{ initialValues: values }}
        search={{
          labelWidth: 'auto',
          searchText: t('crud.search'),
          resetText: t('crud.empty'),
          defaultCollapsed: true,
        }}
        onSubmit={(submitted) => {
          setValues(submitted as SearchValues);
          setPaging((current) => ({ ...current, current: firstPage }));
        }}
        onReset={() => {
          setValues({});
          setPaging((current) => ({ ...current, current: firstPage }));
        }}
        onChange={(_pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = one?.columnKey ?? one?.field;
          const next: Sort | undefined =
            one?.order && field !== undefined ? { field: String(field), order: one.order } : undefined;
          if (next?.field === sort?.field && next?.order === sort?.order) return;
          setSort(next);
          setPaging((current) => ({ ...current, current: firstPage }));
        }}
        expandable={
          asTree
            ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) }
            : undefined
        }
        pagination={pagerOf({
          paging,
          setPaging,
          total,
          windowWidth: width,
          // A capped count (ADR 0019) says "1,000+": at least that many, counting stopped there.
          showTotal: (count) =>
            list.data?.totalCapped
              ? t('crud.totalCapped', { total: listCountCap.toLocaleString('en-US') })
              : t('crud.total', { total: count }),
        })}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys),
        }}
        options={{
          density: true,
          fullScreen: false,
          reload: () => void list.refetch(),
          setting: { draggable: true, checkable: true, checkedReset: true },
        }}
        toolBarRender={() => [
          ...toolbar.filter(([action]) => can(action)).map(([, button]) => button),
          ...(toolbarExtra?.(withSelection) ?? []),
          ...actionButtons,
        ]}
      />
      {form && can(formAction(form)) && (
        <RecordForm
          entity={entity}
          catalogue={catalogue}
          request={form}
          onClose={() => setForm(undefined)}
          {...(props.formExtra && { extra: props.formExtra })}
        />
      )}
      {viewing && can('view') && (
        <RecordView
          entity={entity}
          catalogue={catalogue}
          id={viewing}
          context={context}
          onClose={() => setViewing(undefined)}
          onPrint={(ids) => openPrint(entity, ids)}
          actions={(record) =>
            usableActions(codes, entity)
              .filter((action) => actionFits(action, [record]))
              .map((action) => (
                <Button
                  key={action.name}
                  danger={action.danger}
                  icon={actionIcons[action.name]}
                  onClick={() => confirmAction(action)([String(record.id)])}
                  data-testid={`view-${action.name}`}
                >
                  {action.label[language]}
                </Button>
              ))
          }
          {...(can('edit') && {
            onEdit: (id: string) => {
              setViewing(undefined);
              setForm({ mode: 'edit', id });
            },
          })}
        />
      )}
      {importing && <ImportDialog entity={entity} onClose={() => setImporting(false)} />}
      <ExportProgress progress={exporting} />
      {quantities && (
        <LineQuantitiesDialog
          entity={entity}
          catalogue={catalogue}
          action={quantities.action}
          ids={quantities.ids}
          onSubmit={(body) => act.mutateAsync({ action: quantities.action, ids: quantities.ids, body })}
          onClose={() => setQuantities(null)}
        />
      )}
    </div>
  );
}
