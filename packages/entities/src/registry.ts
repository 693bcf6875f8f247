import type { EntityDefinition } from './define.ts';
import { agreementdistribution } from './master-data/agreementdistribution.ts';
import { billingrules } from './master-data/billingrules.ts';
import { billtype } from './master-data/billtype.ts';
import { category } from './master-data/category.ts';
import { company } from './master-data/company.ts';
import { costtype } from './master-data/costtype.ts';
import { customer } from './master-data/customer.ts';
import { customstrategy } from './master-data/customstrategy.ts';
import { employee } from './master-data/employee.ts';
import { employeecost } from './master-data/employeecost.ts';
import { factory } from './master-data/factory.ts';
import { finishpackagerelation } from './master-data/finishpackagerelation.ts';
import { lgagreement } from './master-data/lgagreement.ts';
import { material } from './master-data/material.ts';
import { materialgroup } from './master-data/materialgroup.ts';
import { packspec } from './master-data/packspec.ts';
import { pdainfo } from './master-data/pdainfo.ts';
import { porter } from './master-data/porter.ts';
import { strategy } from './master-data/strategy.ts';
import { streamqtystatus } from './master-data/streamqtystatus.ts';
import { supplier } from './master-data/supplier.ts';
import { sysenum } from './master-data/sysenum.ts';
import { tagmodel } from './master-data/tagmodel.ts';
import { unit, unitfloat } from './master-data/unit.ts';
import { warehouse } from './master-data/warehouse.ts';
import { warehousearea } from './master-data/warehousearea.ts';
import { warehouseplace } from './master-data/warehouseplace.ts';

/** Every entity of the catalogue. A new entity is one file plus one line here. */
export const entities: EntityDefinition[] = [
  material,
  unit,
  unitfloat,
  // The rest of the master data (spec 02 §3.4), in menu order.
  customer,
  category,
  materialgroup,
  packspec,
  finishpackagerelation,
  warehouse,
  warehousearea,
  warehouseplace,
  strategy,
  customstrategy,
  supplier,
  factory,
  company,
  employee,
  employeecost,
  porter,
  pdainfo,
  tagmodel,
  billtype,
  costtype,
  billingrules,
  lgagreement,
  agreementdistribution,
  streamqtystatus,
  sysenum,
];

export const entityByName: ReadonlyMap<string, EntityDefinition> = new Map(entities.map((e) => [e.name, e]));
export type { ChildInput, EntityDefinition } from './define.ts';
