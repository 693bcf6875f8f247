/** The billing module's public entry: what other modules and the composition root may use of it. */
export { seedCostTypes } from './cost-types.ts';
