import type { EntityDefinition } from '@bl/entities/registry';
import { auditlogTable } from '@bl/entities/system/auditlog';
import type { Tx } from '../db/database.ts';
import { nextId } from '../db/ids.ts';

type Row = Record<string, unknown>;

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'signIn'
  | 'signInFailed'
  | 'signOut'
  | 'print'
  | 'import'
  | 'export';

/**
 * The `detail` of an import or export: how many rows, as `rows=12` (the log screen words it in
 * the reader's language).
 */
export const rowsDetail = (rows: number) => `rows=${rows}`;

/** Who acted and from where. */
export interface Actor {
  tenantId: string;
  userId?: string | undefined;
  account: string;
  ip?: string | undefined;
}

export interface AuditEntry {
  /** A generic action, or a bill's flow action by its declared name (review, sort...). */
  action: AuditAction | { flow: string };
  entity?: EntityDefinition;
  /** What was changed when it is not a catalogue entity (the directory settings). */
  entityName?: string;
  row?: Row;
  changes?: Record<string, [unknown, unknown]>;
  detail?: string;
}

/** What a secret's value reads as in the log: that it changed, never what it is. */
const hidden = '******';

/** Columns the server keeps for itself: their moves are not the operator's changes. */
const bookkeeping = new Set([
  'updateUser',
  'updateTime',
  'version',
  'createTime',
  'createUser',
  'createDept',
]);

const comparable = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value === undefined ? null : value;

/**
 * The fields a write changed, as [before, after] (before is null for a create), without the
 * server's bookkeeping columns; secrets are masked.
 */
export function changesOf(
  entity: EntityDefinition,
  before: Row | undefined,
  after: Row,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of entity.fields) {
    if (bookkeeping.has(field.name) || field.name === 'id' || field.name === 'tenantId') continue;
    if (!(field.name in after)) continue;
    const old = comparable(before?.[field.name]);
    const now = comparable(after[field.name]);
    if (before && JSON.stringify(old) === JSON.stringify(now)) continue;
    if (!before && now === null) continue;
    changes[field.name] = field.secret ? [before ? hidden : null, hidden] : [old, now];
  }
  return changes;
}

/** The operation-log row of an entry, for callers that write it inside a statement of their own. */
export function auditRow(actor: Actor, entry: AuditEntry) {
  const title = entry.entity && entry.row ? entry.row[entry.entity.titleField] : undefined;
  const now = new Date();
  return {
    id: nextId(),
    tenantId: actor.tenantId,
    createUser: actor.userId ?? null,
    createTime: now,
    updateUser: actor.userId ?? null,
    updateTime: now,
    account: actor.account.slice(0, 64),
    action: typeof entry.action === 'string' ? entry.action : entry.action.flow,
    entityName: entry.entity?.name ?? entry.entityName ?? null,
    recordId: entry.row?.id === undefined ? null : String(entry.row.id),
    title: title === undefined || title === null ? null : String(title).slice(0, 255),
    ip: actor.ip?.slice(0, 64) ?? null,
    changes: entry.changes && Object.keys(entry.changes).length > 0 ? JSON.stringify(entry.changes) : null,
    detail: entry.detail?.slice(0, 255) ?? null,
  };
}

/** Appends one row to the operation log in the caller's transaction (it stands or falls with the write). */
export async function writeAudit(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditlogTable).values(auditRow(actor, entry));
}
