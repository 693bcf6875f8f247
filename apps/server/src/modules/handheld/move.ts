import type { Language } from '@bl/contract';
import { type EntityDefinition, entityByName } from '@bl/entities/registry';
import type { Tx } from '../../db/database.ts';
import { submitRecord } from '../../engine/crud.ts';
import { fromUnits, minUnits, toUnits } from '../../engine/decimal.ts';
import { requireButton } from '../../engine/permissions.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { type FlowCode, runAction } from '../flow/index.ts';
import { findMaterial, findPlace, stockRows } from './scans.ts';

const transfer = entityByName.get('warehousetransferbill') as EntityDefinition;

export interface MoveInput {
  fromPlace: string;
  /** A material code or barcode, as scanned. */
  material: string;
  qty: string;
  toPlace: string;
  /** The owner, when the goods at the place belong to several. */
  customerCode?: string;
}

export interface MoveAnswer {
  id: string;
  billNo: string;
  customerCode: string;
  materialCode: string;
  qty: string;
  fromPlace: string;
  toPlace: string;
}

const quantity = /^\d{1,14}(\.\d{1,4})?$/;

/**
 * A handheld move (ADR 0041): a transfer bill (`warehousetransferbill`) made and reviewed in the
 * caller's one transaction, through the same submit and the same declared review as the desktop
 * (its buttons checked, its ledger posting, its log entries): a refusal anywhere, a shortage
 * among them, leaves no bill. The available stock of the material at the from-place is taken
 * oldest receipt first, a line per balance; asking more than is there leaves the rest on the
 * last line, so the ledger refuses it with its own message naming material, batch and place.
 */
export async function moveStock(
  tx: Tx,
  auth: AuthContext,
  input: MoveInput,
  language: Language,
  code: FlowCode,
): Promise<MoveAnswer> {
  await requireButton(tx, auth, 'warehousetransferbill_add');
  await requireButton(tx, auth, 'warehousetransferbill_review');
  if (!quantity.test(input.qty) || toUnits(input.qty) <= 0n) throw badRequest('handheld.badQuantity');
  const from = await findPlace(tx, auth, input.fromPlace);
  if (!from) throw badRequest('handheld.notPlace', { code: input.fromPlace });
  const to = await findPlace(tx, auth, input.toPlace);
  if (!to) throw badRequest('handheld.notPlace', { code: input.toPlace });
  if (from.code === to.code) throw badRequest('handheld.samePlace');
  const material = await findMaterial(tx, auth, input.material);
  if (!material) throw badRequest('handheld.notMaterial', { code: input.material });
  const rows = await stockRows(tx, auth, {
    place: from.code,
    material: material.code,
    status: '1',
    owner: input.customerCode || undefined,
  });
  const owners = [...new Set(rows.map((row) => row.customerCode))];
  if (owners.length === 0)
    throw badRequest('handheld.nothingHere', { place: from.code, material: material.code });
  if (owners.length > 1)
    throw badRequest('handheld.chooseOwner', { place: from.code, material: material.code });
  let left = toUnits(input.qty);
  const details: Record<string, unknown>[] = [];
  for (const row of rows) {
    if (left <= 0n) break;
    const take = minUnits(left, toUnits(row.qty));
    left -= take;
    details.push({
      lineNumber: details.length + 1,
      materialCode: row.materialCode,
      batchNo: row.batchNo,
      customerBatchNo: row.customerBatchNo,
      barcode: row.barcode,
      packspecCode: row.packspecCode,
      unitCode: row.unitCode,
      warehousePlaceCode: from.code,
      targetWarehousePlaceCode: to.code,
      stockStatus: '1',
      targetStockStatus: '1',
      qty: fromUnits(take),
    });
  }
  const last = details[details.length - 1] as Record<string, unknown>;
  if (left > 0n) last.qty = fromUnits(toUnits(last.qty) + left);
  const saved = await submitRecord(
    tx,
    transfer,
    auth,
    {
      billDate: new Date().toISOString().slice(0, 10),
      customerCode: owners[0],
      warehouseCode: to.warehouseCode,
      transferReason: 'handheld',
      details,
    },
    language,
  );
  await runAction(
    tx,
    transfer,
    'review',
    code.warehousetransferbill?.review,
    auth,
    [String(saved.id)],
    language,
  );
  return {
    id: String(saved.id),
    billNo: String(saved.billNo),
    customerCode: String(owners[0]),
    materialCode: material.code,
    qty: fromUnits(toUnits(input.qty)),
    fromPlace: from.code,
    toPlace: to.code,
  };
}
