import type { Language } from '@bl/contract';
import { entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { loadExcel } from '../../engine/export.ts';
import type { AuthContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';

/**
 * The cost-detail rows behind one line of a cost bill (the drill-down of issue 16): the rows
 * of the bill's owner stamped with its number and grouped into that line (fee kind, bill,
 * material, unit price, stage, as the cost bill gathers them). A storage row drills further
 * to the lots held on its day (`/billing/stock-days`); a bill line names its bill and line.
 */
export async function lineSources(tx: Tx, auth: AuthContext, lineId: string, language: Language) {
  const [line] = await queryRows<{ ok: number }>(
    tx,
    sql`select 1 as ok from bl_costbilldetail where tenant_id = ${auth.tenantId} and id = ${lineId}::bigint
          and is_deleted = 0`,
  );
  if (!line)
    throw notFound('crud.notFound', { entity: entityByName.get('costbilldetail')?.label[language] ?? '' });
  return queryRows(
    tx,
    sql`select c.id::text as id, to_char(c.cost_date, 'YYYY-MM-DD') as "costDate",
          to_char(c.source_date, 'YYYY-MM-DD') as "sourceDate", c.customer_code as "customerCode",
          c.cost_type as "costType", c.bill_no as "billNo", c.line_number as "lineNumber",
          c.material_code as "materialCode", c.reality_qty::text as "realityQty",
          c.unit_price::text as "unitPrice", c.amount::text as amount, c.stage,
          split_part(c.source_key, '|', 1) as kind
        from bl_costbilldetail d
        join bl_costbill b on b.id = d.header_id and b.tenant_id = d.tenant_id
        join bl_costdetail c on c.tenant_id = d.tenant_id and c.is_deleted = 0
          and c.cost_bill_no = b.cost_bill_no and c.customer_code = b.customer_code
          and c.cost_type = d.cost_type and c.bill_no is not distinct from d.bill_no
          and coalesce(c.material_code, '') = coalesce(d.material_code, '')
          and c.unit_price = d.unit_price and c.stage is not distinct from d.stage
        where d.tenant_id = ${auth.tenantId} and d.id = ${lineId}::bigint
        order by c.source_date, c.cost_date, c.id`,
  );
}

type Cell = string | number | null;

/**
 * An owner's statement for the period of a cost bill as an Excel workbook: the bill's header,
 * its charge lines and the stock summary, labelled in the user's language, amounts as numbers.
 */
export async function statementWorkbook(
  tx: Tx,
  auth: AuthContext,
  id: string,
  language: Language,
): Promise<{ buffer: Buffer; fileName: string }> {
  const bill = entityByName.get('costbill');
  const lineEntity = entityByName.get('costbilldetail');
  const packEntity = entityByName.get('costbilldetailpack');
  if (!bill || !lineEntity || !packEntity) throw new Error('cost bill entities missing');
  const [header] = await queryRows<Record<string, Cell>>(
    tx,
    sql`select cost_bill_no as "costBillNo", customer_code as "customerCode", customer_name as "customerName",
          to_char(cost_date, 'YYYY-MM-DD') as "costDate", to_char(cost_date_end, 'YYYY-MM-DD') as "costDateEnd",
          amount::float8 as amount, coalesce(discount_amount, 0)::float8 as "discountAmount",
          coalesce(pay_amount, 0)::float8 as "payAmount"
        from bl_costbill where tenant_id = ${auth.tenantId} and id = ${id}::bigint and is_deleted = 0`,
  );
  if (!header) throw notFound('crud.notFound', { entity: bill.label[language] });
  const lines = await queryRows<Record<string, Cell>>(
    tx,
    sql`select d.cost_type as "costType", coalesce(t.name, d.cost_type) as "costTypeName", d.bill_no as "billNo",
          d.material_code as "materialCode", to_char(d.make_date, 'YYYY-MM-DD') as "makeDate",
          d.reality_day as "realityDay", d.reality_qty::float8 as "realityQty",
          d.unit_price::float8 as "unitPrice", d.amount::float8 as amount
        from bl_costbilldetail d
        left join bl_costtype t on t.tenant_id = d.tenant_id and t.code = d.cost_type and t.is_deleted = 0
        where d.tenant_id = ${auth.tenantId} and d.header_id = ${id}::bigint and d.is_deleted = 0
        order by d.make_date, d.cost_type, d.id`,
  );
  const packs = await queryRows<Record<string, Cell>>(
    tx,
    sql`select material_code as "materialCode", begin_qty::float8 as "beginQty", in_qty::float8 as "inQty",
          out_qty::float8 as "outQty", coalesce(adjust_qty, 0)::float8 as "adjustQty", end_qty::float8 as "endQty"
        from bl_costbilldetailpack
        where tenant_id = ${auth.tenantId} and header_id = ${id}::bigint and is_deleted = 0
        order by material_code`,
  );
  const labelOf = (entity: typeof bill, name: string) =>
    entity.fields.find((f) => f.name === name)?.label[language] ?? name;
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(String(header.costBillNo).slice(0, 31));
  sheet.addRow([bill.label[language], header.costBillNo]).font = { bold: true, size: 14 };
  for (const name of ['customerCode', 'customerName', 'costDate', 'costDateEnd']) {
    sheet.addRow([labelOf(bill, name), header[name]]);
  }
  for (const name of ['discountAmount', 'amount', 'payAmount']) {
    const row = sheet.addRow([labelOf(bill, name), header[name]]);
    row.getCell(2).numFmt = '#,##0.00';
  }
  sheet.addRow([]);
  const lineColumns = [
    'costType',
    'billNo',
    'materialCode',
    'makeDate',
    'realityDay',
    'realityQty',
    'unitPrice',
    'amount',
  ];
  sheet.addRow(lineColumns.map((name) => labelOf(lineEntity, name))).font = { bold: true };
  for (const line of lines) {
    const row = sheet.addRow(
      lineColumns.map((name) => (name === 'costType' ? `${line.costType} ${line.costTypeName}` : line[name])),
    );
    row.getCell(7).numFmt = '0.0000';
    row.getCell(8).numFmt = '#,##0.00';
  }
  sheet.addRow([]);
  // In and out as the stock summary counts them; what was lost or found is its own column.
  const packColumns = ['materialCode', 'beginQty', 'inQty', 'outQty', 'adjustQty', 'endQty'];
  sheet.addRow(packColumns.map((name) => labelOf(packEntity, name))).font = { bold: true };
  for (const pack of packs) sheet.addRow(packColumns.map((name) => pack[name]));
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return { buffer, fileName: `${bill.label[language]}-${header.costBillNo}.xlsx` };
}
