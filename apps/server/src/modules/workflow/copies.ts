import { wfcopyTable } from '@bl/entities/system/wfcopy';
import { and, eq } from 'drizzle-orm';
import { writeRules } from '../../engine/rules.ts';

/**
 * A copy marked read through the generic screen gets its read time, as the copies screen's
 * `copy/read` gives it (issue 28: `readTime` stayed empty): the first time it was read is kept
 * across later edits; marked unread, it has none.
 */
export function registerCopyRules() {
  writeRules.wfcopy = async (tx, values, { auth, id }) => {
    if (values.isRead === '0') values.readTime = null;
    if (values.isRead !== '1') return;
    const [current] =
      id === undefined
        ? []
        : await tx
            .select({ readTime: wfcopyTable.readTime })
            .from(wfcopyTable)
            .where(and(eq(wfcopyTable.tenantId, auth.tenantId), eq(wfcopyTable.id, id)));
    values.readTime = current?.readTime ?? new Date();
  };
}
