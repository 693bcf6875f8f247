import type { Query } from '@bl/contract';
import type { FieldMeta } from '@bl/entities';
import type { Paging } from './paging.ts';
import { type SearchValues, type Sort, searchParams } from './query.ts';
import type { Row } from './values.ts';

/**
 * Self-referencing entities (menus, departments, dictionaries, roles, transport branches) list
 * as a tree, the way SpringBlade's admin screens show them: a flat page of a tree cuts branches
 * apart. The tree loads lazily, since a menu tree with its buttons runs to hundreds of rows:
 * the roots come paged like any list, and a branch's children arrive when it is opened. A
 * search (or a chosen sort) shows the matching rows flat instead, wherever they sit.
 */

/** Children of one branch come in one request of at most this many rows (the server's largest page). */
export const childRowLimit = 500;

/** The field pointing at the parent row of the same entity, if the entity is a tree. */
export function treeParentField(entityName: string, fields: readonly FieldMeta[]): FieldMeta | undefined {
  return fields.find((field) => field.ref?.entity === entityName && field.ref.valueField === 'id');
}

/** True when the list should be drawn as a tree: a tree entity, nothing searched, no sort chosen. */
export function wantsTree(input: {
  parent: FieldMeta | undefined;
  fields: FieldMeta[];
  values: SearchValues;
  sort: Sort | undefined;
  fixedFilter: boolean;
}): boolean {
  if (!input.parent || input.sort || input.fixedFilter) return false;
  return Object.keys(searchParams(input.fields, input.values)).length === 0;
}

/** Siblings in their `sort` order when the entity has one. */
const siblingOrder = (fields: readonly FieldMeta[]): Query =>
  fields.some((field) => field.name === 'sort') ? { ascs: 'sort' } : {};

/** One page of the roots: rows without a parent. */
export function rootQuery(fields: readonly FieldMeta[], parent: FieldMeta, paging: Paging): Query {
  return {
    current: paging.current,
    size: paging.size,
    [`${parent.name}_null`]: '1',
    ...siblingOrder(fields),
  };
}

/** The children of one branch. */
export function childQuery(fields: readonly FieldMeta[], parent: FieldMeta, id: string): Query {
  return { current: 1, size: childRowLimit, [`${parent.name}_equal`]: id, ...siblingOrder(fields) };
}

export type TreeRow = Row & { children?: TreeRow[] };

/**
 * Rows with the children loaded so far. A row whose children have not been asked for yet gets
 * an empty list, which makes the table draw its expand arrow; once they have come, a leaf loses
 * the list (and the arrow) and a branch gets its rows, themselves nested the same way.
 */
export function withChildren(rows: readonly Row[], loaded: ReadonlyMap<string, readonly Row[]>): TreeRow[] {
  return rows.map((row) => {
    const children = loaded.get(String(row.id));
    if (children === undefined) return { ...row, children: [] };
    if (children.length === 0) {
      const { children: _placeholder, ...leaf } = row as TreeRow;
      return leaf;
    }
    return { ...row, children: withChildren(children, loaded) };
  });
}
