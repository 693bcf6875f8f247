/** The flow module's public entry: what other modules and the composition root may use of it. */
export {
  type ActionCode,
  type ApprovalStarter,
  checkAction,
  type FlowCode,
  type FlowContext,
  flowEntities,
  lockFlowBills,
  lockForAction,
  runAction,
} from './engine.ts';
export { takenQuantities } from './quantities.ts';
