import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database.ts';
import { nextId } from '../../src/db/ids.ts';
import { menu, passwordChangeDue, role, roleMenu, user } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { body, md5, signIn, type Tokens } from './app.ts';

/**
 * Lets a tenant's accounts work without the first-sign-in password change (a new tenant's admin
 * has the default password), as the test databases do for the demo admins: for suites about
 * something else. password-due.test.ts tests the change itself.
 */
export async function skipPasswordChange(database: Database, tenantId: string): Promise<void> {
  await database.withTenant(tenantId, (tx) => tx.delete(passwordChangeDue));
}

/** A role granted exactly these button codes; answers its id. */
export async function createRole(
  database: Database,
  options: { roleAlias: string; roleName?: string; buttons: string[]; tenantId?: string },
): Promise<string> {
  const tenantId = options.tenantId ?? '000000';
  const roleId = nextId();
  const granted = await database.db
    .select({ id: menu.id })
    .from(menu)
    .where(inArray(menu.code, options.buttons));
  if (granted.length !== options.buttons.length)
    throw new Error(`unknown buttons in ${options.buttons.join(',')}`);
  await database.withTenant(tenantId, async (tx) => {
    await tx.insert(role).values({
      id: roleId,
      tenantId,
      roleName: options.roleName ?? options.roleAlias,
      roleAlias: options.roleAlias,
    });
    await tx.insert(roleMenu).values(granted.map((g) => ({ id: nextId(), tenantId, roleId, menuId: g.id })));
  });
  return roleId;
}

/** A user of that role (password = account), signed in: answers the access token. */
export async function createUserAndSignIn(
  app: FastifyInstance,
  database: Database,
  options: { account: string; roleId: string; deptId?: string; tenantId?: string },
): Promise<string> {
  const tenantId = options.tenantId ?? '000000';
  const password = await hashPassword(md5(options.account));
  await database.withTenant(tenantId, (tx) =>
    tx.insert(user).values({
      id: nextId(),
      tenantId,
      account: options.account,
      password,
      name: options.account,
      roleId: options.roleId,
      deptId: options.deptId ?? '',
    }),
  );
  const answer = body<Tokens>(
    await signIn(app, { tenantId, account: options.account, password: options.account }),
  );
  if (!answer.success) throw new Error(answer.msg);
  return answer.data.accessToken;
}
