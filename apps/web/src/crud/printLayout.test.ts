import { describe, expect, it } from 'vitest';
import { entity, field } from './fixtures.ts';
import {
  headerFields,
  linesLayout,
  orientationFor,
  pageCounterContent,
  pageWidthMm,
  printDeclaration,
  printOrder,
  sumDecimals,
} from './printLayout.ts';

const ref = (name: string, target: string) =>
  field(name, 'ref', { ref: { entity: target, valueField: 'code', labelField: 'name' } });
const lineFields = [
  field('headerId', 'id'),
  field('lineNumber', 'integer'),
  ref('materialCode', 'material'),
  field('batchNo', 'text'),
  field('qty', 'decimal', { scale: 4 }),
  ref('unitCode', 'unit'),
  ref('warehousePlaceCode', 'warehouseplace'),
  field('price', 'decimal', { scale: 4 }),
  field('qtyWeg', 'decimal', { scale: 4 }),
  field('customerBatchNo', 'text'),
  field('spareString1', 'text'),
];
const bill = entity('isinstockbill', [
  field('billNo', 'text'),
  field('billDate', 'date'),
  ref('customerCode', 'customer'),
  field('totalQty', 'decimal'),
  field('remark', 'textarea'),
  field('carNo', 'text'),
  field('driverName', 'text'),
]);
const lines = entity('isinstockbilldetail', lineFields);
const line = (n: number, extra: Record<string, unknown> = {}) => ({
  id: String(n),
  materialCode: `M${n}`,
  qty: '1',
  warehousePlaceCode: `P${n}`,
  ...extra,
});

describe('designed prints', () => {
  it('prints the filled-in header fields, the declared ones first, totals and remark elsewhere', () => {
    const names = headerFields(bill, {
      carNo: '浙A12345',
      billNo: 'RK1',
      billDate: '2026-11-25',
      customerCode: 'HZ001',
      totalQty: '3',
      remark: 'x',
      driverName: '',
    }).map((f) => f.name);
    expect(names).toEqual(['billNo', 'billDate', 'customerCode', 'carNo']);
  });

  it('prints material, batch, quantity, unit and place first, then filled-in columns that fit', () => {
    const rows = [line(1, { qtyWeg: '2.5', price: '3' }), line(2)];
    const layout = linesLayout(bill, lines, rows, 'en', pageWidthMm.landscape);
    expect(layout.columns.map((f) => f.name)).toEqual([
      'materialCode',
      'batchNo',
      'qty',
      'unitCode',
      'warehousePlaceCode',
      'price',
      'qtyWeg',
    ]);
    // Quantities and weights total; prices do not.
    expect(layout.totals.map((f) => f.name)).toEqual(['qty', 'qtyWeg']);
    // A secondary column that does not fit is left out rather than cutting the table.
    const narrow = linesLayout(bill, lines, rows, 'en', layout.widthMm - 1);
    expect(narrow.columns.map((f) => f.name)).not.toContain('qtyWeg');
  });

  it('turns the page to landscape only when the columns that must print need it', () => {
    expect(orientationFor(bill, [{ entity: lines, lines: [line(1)] }], 'zh')).toBe('portrait');
    const wide = entity('warehousetransferbilldetail', [
      ...lineFields,
      ref('targetWarehousePlaceCode', 'warehouseplace'),
      ref('packspecCode', 'packspec'),
    ]);
    const transfer = entity('warehousetransferbill', bill.fields);
    expect(
      orientationFor(
        transfer,
        [{ entity: wide, lines: [line(1, { batchNo: 'BATCH-2026-11-25-0001-LONG' })] }],
        'en',
      ),
    ).toBe('landscape');
  });

  it('orders a pick list by place', () => {
    const sorting = entity('stocksortingbill', bill.fields);
    const ordered = printOrder(sorting, [
      line(1, { warehousePlaceCode: 'P10' }),
      line(2, { warehousePlaceCode: 'P2' }),
    ]);
    expect(ordered.map((row) => row.warehousePlaceCode)).toEqual(['P2', 'P10']);
    expect(printOrder(bill, [line(2), line(1)]).map((row) => row.id)).toEqual(['2', '1']);
  });

  it('has a pick list signed by its picker, and never totals line numbers', () => {
    expect(printDeclaration(entity('billwaves', bill.fields)).signatures).toEqual([
      'preparedBy',
      'pickedBy',
      'checkedBy',
    ]);
    expect(printDeclaration(bill).signatures).toContain('receivedBy');
    const quoted = entity('billwavesdetail', [...lineFields, field('applyLineNumber', 'integer')]);
    const layout = linesLayout(bill, quoted, [line(1, { applyLineNumber: 3 })], 'zh', pageWidthMm.landscape);
    expect(layout.columns.map((f) => f.name)).toContain('applyLineNumber');
    expect(layout.totals.map((f) => f.name)).not.toContain('applyLineNumber');
  });

  it('adds decimals exactly', () => {
    expect(sumDecimals(['0.1', '0.2', '', null, '1'], 4)).toBe('1.3000');
    expect(sumDecimals(['99999999999999.9999', '0.0001'], 4)).toBe('100000000000000.0000');
    expect(sumDecimals(['-1.5', '1'], 2)).toBe('-0.50');
  });

  it('writes "page x of y" as CSS counters in the sentence of each language', () => {
    expect(pageCounterContent('Page {{page}} of {{pages}}')).toBe(
      '"Page " counter(page) " of " counter(pages)',
    );
    expect(pageCounterContent('第 {{page}} 页，共 {{pages}} 页')).toBe(
      '"第 " counter(page) " 页，共 " counter(pages) " 页"',
    );
  });
});
