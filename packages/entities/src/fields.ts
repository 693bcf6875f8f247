import type { DictCode } from './dicts.ts';
import type { FieldInput } from './kinds.ts';
import { type Label, label } from './label.ts';

type Options = Omit<FieldInput, 'kind' | 'label'>;

/** Builders for field inputs: `f.text(label('编码', '編碼', 'Code'), { required: true, maxLength: 32 })`. */
export const f = {
  text: (l: Label, o: Options = {}): FieldInput => ({
    kind: 'text',
    label: l,
    maxLength: 255,
    search: 'match',
    ...o,
  }),
  textarea: (l: Label, o: Options = {}): FieldInput => ({
    kind: 'textarea',
    label: l,
    maxLength: 2000,
    list: false,
    ...o,
  }),
  integer: (l: Label, o: Options = {}): FieldInput => ({ kind: 'integer', label: l, ...o }),
  decimal: (l: Label, scale: number, o: Options = {}): FieldInput => ({
    kind: 'decimal',
    label: l,
    scale,
    ...o,
  }),
  money: (l: Label, o: Options = {}): FieldInput => ({ kind: 'money', label: l, scale: 2, ...o }),
  date: (l: Label, o: Options = {}): FieldInput => ({ kind: 'date', label: l, search: 'range', ...o }),
  datetime: (l: Label, o: Options = {}): FieldInput => ({ kind: 'datetime', label: l, ...o }),
  flag: (l: Label, o: Options = {}): FieldInput => ({
    kind: 'flag',
    label: l,
    dict: 'yesNo',
    search: 'equal',
    ...o,
  }),
  dict: (l: Label, dict: DictCode, o: Options = {}): FieldInput => ({
    kind: 'dict',
    label: l,
    dict,
    search: 'equal',
    ...o,
  }),
  ref: (
    l: Label,
    entity: string,
    o: Options & { valueField?: string; labelField?: string; ownerField?: string } = {},
  ): FieldInput => {
    const { valueField = 'code', labelField = 'name', ownerField, ...rest } = o;
    return {
      kind: 'ref',
      label: l,
      ref: { entity, valueField, labelField, ...(ownerField !== undefined && { ownerField }) },
      maxLength: 64,
      search: 'equal',
      ...rest,
    };
  },
  /** The header id on a detail line: set by the server from the header being saved. */
  parentId: (l: Label): FieldInput => ({
    kind: 'id',
    label: l,
    required: true,
    list: false,
    form: 'hidden',
    view: false,
  }),
  image: (l: Label, o: Options = {}): FieldInput => ({
    kind: 'image',
    label: l,
    maxLength: 500,
    list: false,
    ...o,
  }),
  file: (l: Label, o: Options = {}): FieldInput => ({
    kind: 'file',
    label: l,
    maxLength: 500,
    list: false,
    ...o,
  }),
};

/** A column the server fills and no form, import or API body can write. */
export const systemField = (l: Label, kind: FieldInput['kind'], o: Options = {}): FieldInput => ({
  kind,
  label: l,
  system: true,
  list: false,
  form: 'hidden',
  view: false,
  ...o,
});
const system = systemField;

/**
 * The fields of `entityColumns()`: every entity spreads these into its sidecar. The server
 * fills them; the view shows who made and changed a record, and when.
 */
export const commonFields = {
  id: system(label('主键', '主鍵', 'ID'), 'id'),
  tenantId: system(label('租户编号', '租戶編號', 'Tenant ID'), 'text'),
  createUser: system(label('创建人', '建立人', 'Created by'), 'id', { view: true }),
  createDept: system(label('创建部门', '建立部門', 'Creating department'), 'id'),
  createTime: system(label('创建时间', '建立時間', 'Created at'), 'datetime', {
    view: true,
    list: true,
    sortable: true,
    search: 'range',
  }),
  updateUser: system(label('修改人', '修改人', 'Changed by'), 'id', { view: true }),
  updateTime: system(label('修改时间', '修改時間', 'Changed at'), 'datetime', { view: true, sortable: true }),
  status: system(label('状态', '狀態', 'Status'), 'integer'),
  isDeleted: system(label('是否已删除', '是否已刪除', 'Deleted'), 'integer'),
  version: system(label('版本', '版本', 'Version'), 'integer'),
} satisfies Record<string, FieldInput>;
