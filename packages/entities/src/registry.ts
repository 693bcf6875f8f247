import { billingEntities } from './billing/index.ts';
import { billEntities } from './bills/index.ts';
import { checkChildren, type EntityDefinition } from './define.ts';
import { deviceEntities } from './devices/index.ts';
import { masterDataEntities } from './master-data/index.ts';
import { pageBuilderEntities } from './page-builder/index.ts';
import { processingEntities } from './processing/index.ts';
import { supplyChainEntities } from './supply-chain/index.ts';
import { systemDicts } from './system/dicts.ts';
import { systemEntities } from './system/index.ts';
import { transportEntities } from './transport/index.ts';

/** Every entity of the catalogue. A new entity is one file plus one line in its folder's index. */
export const entities: EntityDefinition[] = [
  ...masterDataEntities,
  ...billEntities,
  ...processingEntities,
  ...transportEntities,
  ...billingEntities,
  ...supplyChainEntities,
  ...deviceEntities,
  ...pageBuilderEntities,
  ...systemEntities,
];

checkChildren(entities);

// The `entityName` dictionary lists every entity with its label (see system/dicts.ts).
systemDicts.entityName.values.push(...entities.map((e) => ({ value: e.name, label: e.label })));

// The operation log names a bill's flow action by its declared name (sign, deliver, load...):
// each one the `auditAction` dictionary does not list yet is added with the label of its first
// declaration, so the log reads 签收 / 簽收 / Sign off, never a raw name (issue 29, 15).
for (const entity of entities)
  for (const [name, action] of Object.entries(entity.flow?.actions ?? {}))
    if (!systemDicts.auditAction.values.some((known) => known.value === name))
      systemDicts.auditAction.values.push({ value: name, label: action.label });

export const entityByName: ReadonlyMap<string, EntityDefinition> = new Map(entities.map((e) => [e.name, e]));
export type { ChildInput, EntityDefinition } from './define.ts';
