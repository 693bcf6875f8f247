/** The access module's public entry: what other modules and the composition root may use of it. */
export { type GuardedInterface, refuseInterface } from './api-permissions.ts';
export { grantedMenuRows } from './granted-menus.ts';
export {
  holdsScope,
  requireAdministratorFor,
  requireLiveRole,
  requireOperatorAdministrator,
  requireUserWithinOwn,
  requireWithinOwn,
  rightsOf,
  rightsOfRoles,
  scopeKey,
  seesAll,
} from './holdings.ts';
export { buildButtonTree, buildMenuTree, rowsUnder } from './menu-tree.ts';
