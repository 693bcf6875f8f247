import type { Area, Service } from './define.ts';
import type { Dict } from './dicts.ts';
import type { CatalogueAction } from './flow.ts';
import type { FieldMeta } from './kinds.ts';
import type { Label } from './label.ts';

/** One entity as `GET /api/bl-system/catalogue` serves it. */
export interface CatalogueEntity {
  name: string;
  service: Service;
  area: Area;
  path: string;
  label: Label;
  titleField: string;
  /** The header entity, for detail-line entities. */
  parent?: string;
  /** Detail-line collections of a bill: the body key and the line entity's name. */
  children: { key: string; entity: string }[];
  fields: FieldMeta[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Written only by postings: no add, edit, delete or import. */
  readOnly: boolean;
  /**
   * A bill's locks (EntityInput.flow): while one holds, the server refuses edits and deletes
   * of the bill and of its lines, so screens offer neither.
   */
  locks?: { field: string; values: readonly string[] }[];
  /** A bill's flow actions (flow.ts): buttons on its list and view, enabled by the bills' states. */
  flowActions?: CatalogueAction[];
  /** The field that says where a bill is in its flow. */
  status?: string;
  /** Whose records these are: pickers on another record offer only its owner's (define.ts). */
  owned?: { field: string; shared: boolean };
  /** The field naming a record's owner, whose owned references pickers narrow to (define.ts). */
  ownerField?: string;
  /** The number a serial sequence draws when a new record leaves it blank (define.ts). */
  numberField?: string;
}

export interface Catalogue {
  entities: CatalogueEntity[];
  dicts: Dict[];
  areas: { code: Area; label: Label }[];
}
