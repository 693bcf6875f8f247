import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';

/** A switch command recorded in a transaction, to publish on the device's `cmd` topic once committed. */
export interface DeviceCommand {
  id: string;
  tenantId: string;
  deviceCode: string;
  switchName: 'beep' | 'led';
  switchValue: '0' | '1';
  timeoutTime: string;
}

/**
 * Records a switch command: pending until the device reports the asked state or its time-out
 * passes. The one pending before for the same switch is superseded (its state no longer matters
 * once a new value is asked for). Used by the screen's switches and the automatic buzzer alike.
 */
export async function recordCommand(
  tx: Tx,
  command: Omit<DeviceCommand, 'id' | 'timeoutTime'>,
  options: { userId: string | null; timeoutSeconds: number; now?: Date },
): Promise<DeviceCommand> {
  const id = nextId();
  const now = options.now ?? new Date();
  const timeoutTime = new Date(now.getTime() + options.timeoutSeconds * 1000).toISOString();
  const { tenantId, deviceCode, switchName, switchValue } = command;
  await tx.execute(
    sql`update bl_devicecommand set state = 'done', done_time = ${now.toISOString()}::timestamptz
        where tenant_id = ${tenantId} and device_code = ${deviceCode} and switch_name = ${switchName}
          and state = 'pending'`,
  );
  await tx.execute(
    sql`insert into bl_devicecommand (id, tenant_id, device_code, switch_name, switch_value, create_user, timeout_time)
        values (${id}, ${tenantId}, ${deviceCode}, ${switchName}, ${switchValue}, ${options.userId},
                ${timeoutTime}::timestamptz)`,
  );
  return { id, ...command, timeoutTime };
}

/** What the device receives on `bl/{tenant}/{device}/cmd`. */
export const commandPayload = (command: DeviceCommand) => ({
  commandId: command.id,
  [command.switchName]: command.switchValue,
});
