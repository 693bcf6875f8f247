import { api } from './api.ts';

/** What the server says a scanned code names (modules/handheld/scans.ts). */
export interface StockRow {
  id: string;
  customerCode: string;
  customerName: string | null;
  materialCode: string;
  materialName: string | null;
  batchNo: string;
  warehousePlaceCode: string;
  placeName: string | null;
  stockStatus: string;
  qty: string;
  unitCode: string | null;
}

export type Scan =
  | {
      kind: 'place';
      place: { code: string; name: string; warehouseCode: string; warehouseName: string };
      rows: StockRow[];
    }
  | {
      kind: 'material';
      material: { code: string; name: string; spec: string | null; unitCode: string | null };
      rows: StockRow[];
    };

export function lookup(
  code: string,
  options: { expect?: 'place' | 'material'; place?: string } = {},
): Promise<Scan> {
  return api.request<Scan>('GET', '/api/bl-handheld/lookup', { query: { code, ...options }, quiet: true });
}
