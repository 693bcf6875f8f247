/** The ledger module's public entry: what other modules and the composition root may use of it. */
export {
  type Balance,
  balanceSelect,
  heldMaterials,
  holdBalances,
  keyText,
  type Movement,
  postedStream,
  postMovements,
  type StockKey,
} from './ledger.ts';
export { inOutParts, movementClassSql, registerMovementClass } from './movement-classes.ts';
export { billLines, type PostedLine, postBills, reverseBills } from './posting.ts';
