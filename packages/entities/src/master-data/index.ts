import type { EntityDefinition } from '../define.ts';
import { agreementdistribution } from './agreementdistribution.ts';
import { billingrules } from './billingrules.ts';
import { billtype } from './billtype.ts';
import { category } from './category.ts';
import { company } from './company.ts';
import { costtype } from './costtype.ts';
import { customer } from './customer.ts';
import { customstrategy } from './customstrategy.ts';
import { employee } from './employee.ts';
import { employeecost } from './employeecost.ts';
import { factory } from './factory.ts';
import { finishpackagerelation } from './finishpackagerelation.ts';
import { lgagreement } from './lgagreement.ts';
import { material } from './material.ts';
import { materialgroup } from './materialgroup.ts';
import { packspec } from './packspec.ts';
import { pdainfo } from './pdainfo.ts';
import { porter } from './porter.ts';
import { strategy } from './strategy.ts';
import { streamqtystatus } from './streamqtystatus.ts';
import { supplier } from './supplier.ts';
import { sysenum } from './sysenum.ts';
import { tagmodel } from './tagmodel.ts';
import { unit, unitfloat } from './unit.ts';
import { warehouse } from './warehouse.ts';
import { warehousearea } from './warehousearea.ts';
import { warehouseplace } from './warehouseplace.ts';

/** Master data (spec 02 §3.4), in menu order. */
export const masterDataEntities: EntityDefinition[] = [
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
