import { entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/database.ts';
import { writeRules } from '../../engine/rules.ts';
import { placeInTree } from '../../engine/tree.ts';

/** SpringBlade's parent id of a root department (its tree screens start from it). */
const rootParentId = '0';

/**
 * The department tree is kept by codes (`parentCode`); its id mirror (`parentId`, `ancestors`,
 * read as SpringBlade's id tree) is the server's (issue 28: nothing wrote it). The parent's
 * code is resolved to its id, a department cannot go under its own subtree, and a move
 * re-prefixes the subtree's ancestors.
 */
export function registerDeptRules() {
  const dept = entityByName.get('dept');
  if (!dept) throw new Error('dept is not in the catalogue');
  writeRules.dept = async (tx, values, { auth, language, id }) => {
    // An edit that does not name the parent leaves the department where it is.
    if (id !== undefined && !('parentCode' in values)) return;
    const code = typeof values.parentCode === 'string' && values.parentCode !== '' ? values.parentCode : null;
    const [parent] =
      code === null
        ? []
        : await queryRows<{ id: string }>(
            tx,
            sql`select id::text as id from bl_dept
                where tenant_id = ${auth.tenantId} and code = ${code} and is_deleted = 0`,
          );
    const parentId = parent?.id ?? null;
    values.parentId = parentId ?? rootParentId;
    values.ancestors = await placeInTree(tx, dept, auth.tenantId, id, parentId, language);
  };
}
