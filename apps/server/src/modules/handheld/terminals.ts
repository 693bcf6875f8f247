import { ResultCode } from '@bl/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { afterWriteRules, removeRules } from '../../engine/rules.ts';
import type { AuthContext } from '../../http/context.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { revokeSessions } from '../auth/index.ts';

/**
 * Handheld terminals (`bl_pdainfo`, spec 02 §3.4; ADR 0041). A handheld makes up a serial of its
 * own on first start and keeps it; after each sign-in it registers that serial, which makes the
 * terminal's record on first use, stamps the user and the time, and ties the session to the
 * terminal (`bl_pda_session`). Disabling the terminal ends those sessions (the token guard
 * reads the session row on every call) and refuses it from then on.
 */

/** Device statuses (dict deviceStatus) a terminal may work in: in use, idle. */
export const workingStatuses: readonly string[] = ['1', '2'];

export interface Terminal {
  id: string;
  code: string;
  name: string;
  serialNumber: string;
  warehouseCode: string | null;
  deviceStatus: string;
}

const disabled = (terminal: Pick<Terminal, 'code'>) =>
  new AppError(ResultCode.forbidden, 'handheld.terminalDisabled', { code: terminal.code });

const columns = sql`id::text as id, code, name, serial_number as "serialNumber",
  warehouse_code as "warehouseCode", device_status as "deviceStatus"`;

/** Registers the caller's session on the terminal with `serial`, making the terminal on first use. */
export async function registerTerminal(
  tx: Tx,
  auth: AuthContext,
  input: { serial: string; warehouseCode?: string; model?: string },
): Promise<Terminal> {
  if (input.warehouseCode) {
    const [warehouse] = await queryRows<{ code: string }>(
      tx,
      sql`select code from bl_warehouse where tenant_id = ${auth.tenantId} and is_deleted = 0
          and code = ${input.warehouseCode}`,
    );
    if (!warehouse) throw badRequest('handheld.unknownWarehouse', { code: input.warehouseCode });
  }
  const now = new Date();
  // First use: the terminal's record. Two registrations of a new serial at once (two tabs, a
  // retry) meet at the serial's unique index: the second finds the first's row below.
  let [terminal] = await queryRows<Terminal>(
    tx,
    sql`insert into bl_pdainfo (id, tenant_id, code, name, serial_number, model, warehouse_code,
          user_account, device_status, last_seen_time, create_user, create_dept, create_time,
          update_user, update_time)
        values (${nextId()}, ${auth.tenantId}, ${input.serial}, ${input.serial}, ${input.serial},
          ${input.model ?? null}, ${input.warehouseCode ?? null}, ${auth.account}, '1', ${now},
          ${auth.userId}, ${auth.deptId || null}, ${now}, ${auth.userId}, ${now})
        on conflict (tenant_id, serial_number) where is_deleted = 0 do nothing
        returning ${columns}`,
  );
  if (!terminal) {
    const [found] = await queryRows<Terminal>(
      tx,
      sql`select ${columns} from bl_pdainfo where tenant_id = ${auth.tenantId} and is_deleted = 0
          and serial_number = ${input.serial} for update`,
    );
    if (!found) throw new AppError(ResultCode.conflict, 'error.conflict');
    if (!workingStatuses.includes(found.deviceStatus)) throw disabled(found);
    [terminal] = await queryRows<Terminal>(
      tx,
      sql`update bl_pdainfo set user_account = ${auth.account}, last_seen_time = ${now},
            warehouse_code = coalesce(${input.warehouseCode ?? null}, warehouse_code),
            update_user = ${auth.userId}, update_time = ${now}, version = version + 1
          where tenant_id = ${auth.tenantId} and id = ${found.id} returning ${columns}`,
    );
  }
  if (!terminal) throw new AppError(ResultCode.conflict, 'error.conflict');
  await tx.execute(
    sql`insert into bl_pda_session (tenant_id, session_id, pda_id) values (${auth.tenantId}, ${auth.sessionId}, ${terminal.id})
        on conflict (tenant_id, session_id) do update set pda_id = excluded.pda_id, registered_at = now()`,
  );
  return terminal;
}

/** The terminal the caller's session is registered on; refused when none, or out of service. */
export async function requireTerminal(tx: Tx, auth: AuthContext): Promise<Terminal> {
  const [terminal] = await queryRows<Terminal>(
    tx,
    sql`select p.id::text as id, p.code, p.name, p.serial_number as "serialNumber",
          p.warehouse_code as "warehouseCode", p.device_status as "deviceStatus"
        from bl_pda_session s join bl_pdainfo p on p.tenant_id = s.tenant_id and p.id = s.pda_id
        where s.tenant_id = ${auth.tenantId} and s.session_id = ${auth.sessionId} and p.is_deleted = 0`,
  );
  if (!terminal) throw new AppError(ResultCode.forbidden, 'handheld.terminalUnregistered');
  if (!workingStatuses.includes(terminal.deviceStatus)) throw disabled(terminal);
  return terminal;
}

/** Ends the open sessions registered on these terminals. */
async function endTerminalSessions(tx: Tx, tenantId: string, pdaIds: string[]): Promise<void> {
  if (pdaIds.length === 0) return;
  const sessions = await queryRows<{ id: string }>(
    tx,
    sql`select session_id::text as id from bl_pda_session
        where tenant_id = ${tenantId} and pda_id in (${sql.join(
          pdaIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  await revokeSessions(
    tx,
    sessions.map((s) => s.id),
    'terminal-disabled',
  );
}

/**
 * A terminal saved out of service (the pdainfo screen, an import) or removed ends its sessions in
 * the same transaction, as an account change ends a user's (modules/auth/revocation.ts).
 */
export function registerTerminalRules(): void {
  const before = afterWriteRules.pdainfo;
  afterWriteRules.pdainfo = async (tx, saved, context) => {
    await before?.(tx, saved, context);
    if (!workingStatuses.includes(String(saved.deviceStatus ?? '')))
      await endTerminalSessions(tx, context.auth.tenantId, [String(saved.id)]);
  };
  const beforeRemove = removeRules.pdainfo;
  removeRules.pdainfo = async (tx, rows, language, auth) => {
    await beforeRemove?.(tx, rows, language, auth);
    await endTerminalSessions(
      tx,
      auth.tenantId,
      rows.map((row) => String(row.id)),
    );
  };
}
