import type { EntityDefinition } from '../define.ts';
import { corefirmdemandplan } from './corefirmdemandplan.ts';
import { corefirmorder, corefirmorderline } from './corefirmorder.ts';
import { corefirmproduct } from './corefirmproduct.ts';
import { corefirmpurchasehistory } from './corefirmpurchasehistory.ts';
import { corefirmsupplier } from './corefirmsupplier.ts';
import { corefirmtransaction } from './corefirmtransaction.ts';
import { customerarrears } from './customerarrears.ts';
import { customerblackwhite } from './customerblackwhite.ts';
import { customercredit } from './customercredit.ts';
import { customerlevel } from './customerlevel.ts';
import { storecredential } from './storecredential.ts';
import { storeviolation } from './storeviolation.ts';

/** Supply chain, store settlement and core-firm supply (spec 02 §3.10), in menu order. */
export const supplyChainEntities: EntityDefinition[] = [
  customercredit,
  customerarrears,
  customerblackwhite,
  customerlevel,
  storecredential,
  storeviolation,
  corefirmsupplier,
  corefirmproduct,
  corefirmorder,
  corefirmorderline,
  corefirmdemandplan,
  corefirmtransaction,
  corefirmpurchasehistory,
];
