import { entityByName } from '@bl/entities/registry';
import { writeRules } from '../../engine/rules.ts';
import { placeInTree } from '../../engine/tree.ts';

/**
 * The branch tree (basicdept): its `ancestors` are the server's (issue 28: nothing wrote them),
 * kept whenever a branch is saved or moved, and a branch cannot go under its own subtree.
 */
export function registerBranchRules() {
  const branch = entityByName.get('basicdept');
  if (!branch) throw new Error('basicdept is not in the catalogue');
  writeRules.basicdept = async (tx, values, { auth, language, id }) => {
    // An edit that does not name the parent leaves the branch where it is.
    if (id !== undefined && !('parentId' in values)) return;
    const parentId =
      values.parentId === null || values.parentId === undefined ? null : String(values.parentId);
    values.ancestors = await placeInTree(tx, branch, auth.tenantId, id, parentId, language);
  };
}
