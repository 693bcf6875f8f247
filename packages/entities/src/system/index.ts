import type { EntityDefinition } from '../define.ts';
import { apipermission } from './apipermission.ts';
import { apipermissioncategory } from './apipermissioncategory.ts';
import { attach } from './attach.ts';
import { auditlog } from './auditlog.ts';
import { datascope } from './datascope.ts';
import { dept } from './dept.ts';
import { dict } from './dict.ts';
import { menu } from './menu.ts';
import { oss } from './oss.ts';
import { post } from './post.ts';
import { role } from './role.ts';
import { staff } from './staff.ts';
import { syscode } from './syscode.ts';
import { tenant } from './tenant.ts';
import { tenantpackage } from './tenantpackage.ts';
import { topmenu, topmenusetting } from './topmenu.ts';
import { user } from './user.ts';
import { useroauth } from './useroauth.ts';
import { userwc } from './userwc.ts';
import { wfcategory } from './wfcategory.ts';
import { wfcopy } from './wfcopy.ts';
import { wfdeployform } from './wfdeployform.ts';
import { wfform } from './wfform.ts';

/**
 * System administration (spec 02 §3.2), in menu order. OAuth clients are server
 * tables (apps/server/src/db/schema/system.ts), not catalogue entities.
 */
export const systemEntities: EntityDefinition[] = [
  tenant,
  tenantpackage,
  user,
  role,
  menu,
  staff,
  dept,
  post,
  datascope,
  dict,
  topmenu,
  topmenusetting,
  apipermissioncategory,
  apipermission,
  oss,
  attach,
  syscode,
  useroauth,
  userwc,
  wfcategory,
  wfform,
  wfdeployform,
  wfcopy,
  auditlog,
];
