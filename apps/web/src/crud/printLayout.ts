import type { Language } from '@bl/contract';
import type { CatalogueEntity, FieldKind, FieldMeta } from '@bl/entities';
import type { Row } from './values.ts';

/**
 * The designed print of a bill (issue 14, point 2), declared once for every entity with lines:
 * the header fields people read, then the lines with the columns a warehouse reads first
 * (material code and name, batch, quantity, unit, place), then secondary columns only while
 * they fit on A4. An entity overrides only what differs (`printOverrides`).
 */
export interface PrintDeclaration {
  /** Header fields, in this order, before the other filled-in ones. */
  header: string[];
  /** Line columns always printed, in this order, before secondary ones that fit. */
  lines: string[];
  /** Lines printed in the order of this field (a pick list walks the places). */
  sortLinesBy?: string;
  /** Who signs under the lines (keys of `printout`): a pick list is signed by its picker. */
  signatures: Signature[];
}

export type Signature = 'preparedBy' | 'checkedBy' | 'receivedBy' | 'pickedBy';
/** A pick list's signatures: who made it, who picked, who checked the picking. */
const pickSignatures: Signature[] = ['preparedBy', 'pickedBy', 'checkedBy'];

const primaryLines = [
  'materialCode',
  'productCode',
  'batchNo',
  'qty',
  'unitCode',
  'warehousePlaceCode',
  'targetWarehousePlaceCode',
];

export const defaultPrint: PrintDeclaration = {
  header: [
    'billNo',
    'billDate',
    'customerCode',
    'targetCustomerCode',
    'warehouseCode',
    'warehouseAreaCode',
    'targetWarehouseCode',
    'agreementCode',
    'applyNo',
  ],
  lines: primaryLines,
  signatures: ['preparedBy', 'checkedBy', 'receivedBy'],
};

/** Per-entity differences from the default, by entity name. */
export const printOverrides: Partial<Record<string, Partial<PrintDeclaration>>> = {
  // The pick list: the picker walks the places, so the place comes first and orders the lines.
  stocksortingbill: {
    lines: ['warehousePlaceCode', 'materialCode', 'batchNo', 'qty', 'unitCode'],
    sortLinesBy: 'warehousePlaceCode',
    signatures: pickSignatures,
  },
  // A wave's pick list: lines numbered by the server in walking order (area, location).
  billwaves: {
    header: [
      'billNo',
      'billDate',
      'customerCode',
      'warehouseCode',
      'pickerCode',
      'planPickTime',
      'billCount',
    ],
    lines: ['warehousePlaceCode', 'materialCode', 'batchNo', 'qty', 'pickedQty', 'unitCode', 'applyCode'],
    signatures: pickSignatures,
  },
  isrecbill: { lines: [...primaryLines, 'planQty', 'damagedQty'] },
  checkbill: { lines: [...primaryLines, 'checkedQty', 'passQty', 'failQty'] },
  wmstockcheckbill: { lines: [...primaryLines, 'bookQty', 'diffQty'] },
  // The owner's statement (ADR 0024): period and amounts first, one line per charge group.
  costbill: {
    header: [
      'costBillNo',
      'customerCode',
      'customerName',
      'costDate',
      'costDateEnd',
      'amount',
      'discountAmount',
    ],
    lines: ['costType', 'billNo', 'materialCode', 'stage', 'realityDay', 'realityQty', 'unitPrice', 'amount'],
    signatures: ['preparedBy', 'checkedBy'],
  },
};

export const printDeclaration = (entity: CatalogueEntity): PrintDeclaration => ({
  ...defaultPrint,
  ...printOverrides[entity.name],
});

/** Header fields printed elsewhere (the totals row, the remark under the header) or never. */
const notInHeader = (name: string) => /^total[A-Z]/.test(name) || name === 'remark' || name === 'billRemark';
/** Line fields that never make a column: the link to the header, the row number, spare slots. */
const notAColumn = (name: string) =>
  ['headerId', 'billNo', 'lineNumber', 'invalid'].includes(name) || name.startsWith('spareString');
const printableKinds: ReadonlySet<FieldKind> = new Set<FieldKind>([
  'text',
  'textarea',
  'integer',
  'decimal',
  'money',
  'date',
  'datetime',
  'flag',
  'dict',
  'ref',
]);

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
/** A line column with nothing but blanks and zeros says nothing. */
const isBlank = (value: unknown) => isEmpty(value) || (typeof value === 'string' && /^0(\.0+)?$/.test(value));

/** The filled-in header fields: the declared ones first, then the entity's others. */
export function headerFields(entity: CatalogueEntity, record: Row): FieldMeta[] {
  const declared = printDeclaration(entity).header;
  const own = entity.fields.filter(
    (f) => f.view && !f.system && !f.secret && printableKinds.has(f.kind) && !notInHeader(f.name),
  );
  const first = declared
    .map((name) => own.find((f) => f.name === name))
    .filter((f): f is FieldMeta => f !== undefined && !isEmpty(record[f.name]));
  const rest = own.filter((f) => !declared.includes(f.name) && !isEmpty(record[f.name]));
  return [...first, ...rest];
}

/**
 * Long texts and material names wrap; numbers, dates, codes (batch numbers: texts of at most 64
 * characters) and short names keep to one line.
 */
export const wraps = (field: FieldMeta) =>
  field.kind === 'textarea' ||
  (field.kind === 'text' && (field.maxLength ?? 255) > 64) ||
  field.ref?.entity === 'material';

/** Millimetres a column of each kind needs at 9 pt. */
const kindMm: Record<FieldKind, number> = {
  id: 30,
  text: 22,
  textarea: 40,
  integer: 12,
  decimal: 18,
  money: 20,
  date: 20,
  datetime: 30,
  flag: 12,
  dict: 18,
  ref: 30,
  image: 0,
  file: 0,
};
/**
 * Printable width of A4 with 10 mm side margins, and of a 76 mm receipt roll with 3 mm margins
 * (transport waybills and delivery receipts, issue 17).
 */
export const pageWidthMm = { portrait: 190, landscape: 277, receipt: 70 } as const;
export type Orientation = keyof typeof pageWidthMm;
/** The row-number column. */
const indexMm = 9;

const textMm = (text: string) =>
  [...text].reduce((mm, char) => mm + (/[\u2e80-\uffff]/.test(char) ? 3.3 : 1.75), 0) + 3;

/** How wide a column of a field prints: its kind, its label, and its longest text value. */
export function columnMm(field: FieldMeta, lines: Row[], language: Language): number {
  // A material is read by its name, the longest text of a line: it gets the room.
  if (field.ref?.entity === 'material') return 55;
  const values =
    field.kind === 'text' || field.kind === 'textarea'
      ? Math.min(60, Math.max(0, ...lines.map((line) => textMm(String(line[field.name] ?? '')))))
      : 0;
  return Math.max(kindMm[field.kind], textMm(field.label[language]), values);
}

export interface LinesLayout {
  columns: FieldMeta[];
  /** The columns that total in the last row. */
  totals: FieldMeta[];
  widthMm: number;
}

/** Quantities, weights and amounts add up; prices, rates, sizes, day counts, stages and line numbers do not. */
const adds = (field: FieldMeta) =>
  (field.kind === 'decimal' || field.kind === 'money' || field.kind === 'integer') &&
  !/price|rate|Length|Width|Height|days|Day$|stage|lineNumber/i.test(field.name);

/**
 * The columns of a line table: the declared ones, then secondary ones with a value in some
 * line, while the table fits `limitMm`.
 */
export function linesLayout(
  entity: CatalogueEntity,
  lineEntity: CatalogueEntity,
  lines: Row[],
  language: Language,
  limitMm: number,
): LinesLayout {
  const declared = printDeclaration(entity).lines;
  const usable = lineEntity.fields.filter(
    (f) => !f.system && !f.secret && printableKinds.has(f.kind) && !notAColumn(f.name),
  );
  const primary = declared
    .map((name) => usable.find((f) => f.name === name))
    .filter((f): f is FieldMeta => f !== undefined);
  let widthMm = indexMm + primary.reduce((mm, f) => mm + columnMm(f, lines, language), 0);
  const columns = [...primary];
  for (const field of usable) {
    if (declared.includes(field.name) || !field.view) continue;
    if (lines.every((line) => isBlank(line[field.name]))) continue;
    const mm = columnMm(field, lines, language);
    if (widthMm + mm > limitMm) continue;
    widthMm += mm;
    columns.push(field);
  }
  return { columns, totals: columns.filter(adds), widthMm };
}

/** Portrait unless the columns that must print need the width of landscape. */
export function orientationFor(
  entity: CatalogueEntity,
  children: { entity: CatalogueEntity; lines: Row[] }[],
  language: Language,
): Orientation {
  const needed = children.map((child) => linesLayout(entity, child.entity, child.lines, language, 0).widthMm);
  return Math.max(0, ...needed) > pageWidthMm.portrait ? 'landscape' : 'portrait';
}

/** The lines in print order: as entered, or by the declared field (places of a pick list). */
export function printOrder(entity: CatalogueEntity, lines: Row[]): Row[] {
  const by = printDeclaration(entity).sortLinesBy;
  if (!by) return lines;
  return [...lines].sort((a, b) =>
    String(a[by] ?? '').localeCompare(String(b[by] ?? ''), undefined, { numeric: true }),
  );
}

/** The exact sum of decimal strings at a scale ("1.5" + "2.25" = "3.7500" at scale 4). */
export function sumDecimals(values: unknown[], scale = 0): string {
  const factor = 10n ** BigInt(scale);
  let total = 0n;
  for (const value of values) {
    const text = String(value ?? '').trim();
    const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
    if (!text || !match) continue;
    const [, sign, whole = '', fraction = ''] = match;
    const units = BigInt(whole || '0') * factor + BigInt(fraction.padEnd(scale, '0').slice(0, scale) || '0');
    total += sign === '-' ? -units : units;
  }
  const negative = total < 0n;
  const absolute = negative ? -total : total;
  const whole = absolute / factor;
  const fraction = scale > 0 ? `.${(absolute % factor).toString().padStart(scale, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** The CSS text of "page x of y" for an @page margin box, from the sentence of a language. */
export function pageCounterContent(sentence: string): string {
  const quote = (text: string) => `"${text.replace(/["\\]/g, '\\$&')}"`;
  return sentence
    .split(/(\{\{page\}\}|\{\{pages\}\})/)
    .filter((part) => part !== '')
    .map((part) =>
      part === '{{page}}' ? 'counter(page)' : part === '{{pages}}' ? 'counter(pages)' : quote(part),
    )
    .join(' ');
}
