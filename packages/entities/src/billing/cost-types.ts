/**
 * The cost types the fee engine charges under (docs/adr/0024-fee-engine.md): every tenant has
 * them from its first day (migration 0049 for existing tenants, `seedCostTypes` for new ones),
 * so that a cost-detail row's `costType` always names a cost type the screens can show. Codes
 * are fixed: the engine writes them; a tenant may rename them or add its own (a price
 * adjustment may name any). `workType` is the dict costWorkType value of the work they come
 * from; `category` the dict costCategory value.
 */
export const feeCostTypes = {
  storage: { code: 'STORAGE', name: '仓储费', category: '1', workType: '3' },
  unload: { code: 'UNLOAD', name: '卸货费', category: '2', workType: '1' },
  load: { code: 'LOAD', name: '装货费', category: '2', workType: '2' },
  handling: { code: 'HANDLING', name: '搬运费', category: '2', workType: '4' },
  service: { code: 'SERVICE', name: '增值服务费', category: '3', workType: '5' },
  rent: { code: 'RENT', name: '租仓费', category: '1', workType: '3' },
  packageWarehouse: { code: 'PKGWH', name: '包仓费', category: '1', workType: '3' },
  lading: { code: 'LADING', name: '提单计提费', category: '5', workType: '2' },
  freight: { code: 'FREIGHT', name: '运费', category: '4', workType: '6' },
} as const;

export type FeeKind = keyof typeof feeCostTypes;
