import { staffTable } from '@bl/entities/system/staff';
import { and, eq, ne, sql } from 'drizzle-orm';
import { user } from '../../db/schema/index.ts';
import { afterWriteRules } from '../../engine/rules.ts';
import { badRequest } from '../../http/errors.ts';

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * A staff member enabled for domain login (spec 02 §3.2) must be able to sign in: a domain
 * account, taken by no one else in the tenant whatever its case (directories compare accounts
 * without case), and a system account that exists. Checked on the saved record, so a form, an
 * edit of one field and an import are held to the same rule.
 */
export function registerDirectoryRules() {
  afterWriteRules.staff = async (tx, saved) => {
    if (saved.domainLoginFlag !== '1') return;
    if (blank(saved.domainAccount)) throw badRequest('staff.domainAccountRequired');
    if (blank(saved.account)) throw badRequest('staff.systemAccountRequired');
    const domainAccount = String(saved.domainAccount).trim();
    const [taken] = await tx
      .select({ code: staffTable.code })
      .from(staffTable)
      .where(
        and(
          eq(staffTable.isDeleted, 0),
          ne(staffTable.id, String(saved.id)),
          sql`lower(${staffTable.domainAccount}) = lower(${domainAccount})`,
        ),
      )
      .limit(1);
    if (taken) throw badRequest('staff.domainAccountTaken', { account: domainAccount, code: taken.code });
    const [account] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.account, String(saved.account).trim()), eq(user.isDeleted, 0)))
      .limit(1);
    if (!account) throw badRequest('staff.systemAccountUnknown', { account: String(saved.account) });
  };
}
