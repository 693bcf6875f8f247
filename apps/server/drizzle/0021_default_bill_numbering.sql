-- Every bill gets a default numbering rule per tenant (issue 14, point 5): prefix + yyyyMMdd +
-- a four-digit value that starts again each day, so a bill saved with a blank number is numbered
-- from the first day. New tenants get them from seedSerials (modules/system/serial-defaults.ts),
-- whose list this repeats; a tenant that already has a rule for a bill (live or deleted) keeps
-- its own. Ids follow the snowflake layout of db/ids.ts (worker 1023, the row's number as sequence).
INSERT INTO "bl_syscode" ("id", "tenant_id", "seq_code", "seq_name", "prefix_value", "date_pattern", "seq_length", "reset_cycle")
  SELECT
    ((floor(extract(epoch FROM now()) * 1000)::bigint - 1577836800000) << 22)
      + (1023 << 12) + row_number() OVER (),
    t."tenant_id", d.seq_code, d.seq_name, d.prefix_value, 'yyyyMMdd', 4, '1'
  FROM "blade_tenant" t
  CROSS JOIN (VALUES
    ('orderisinstockbill', '预约入库单', 'YRK'),
    ('isinstockbill', '入库单', 'RK'),
    ('isrecbill', '收货单', 'SH'),
    ('ispurchaseapplybill', '采购申请单', 'CGSQ'),
    ('checkbill', '质检单', 'ZJ'),
    ('orderosoutstockbill', '预约出库单', 'YCK'),
    ('osoutstockbill', '出库单', 'CK'),
    ('stocksortingbill', '分拣单', 'FJ'),
    ('osnoticedeliverybill', '发货通知单', 'FHTZ'),
    ('ossobill', '销售订单', 'XS'),
    ('osbomapplybill', 'BOM领料申请单', 'BOMLL'),
    ('billwaves', '波次单', 'BC'),
    ('inventorylossbill', '报损单', 'BS'),
    ('wmstockcheckbill', '盘点单', 'PD'),
    ('wmallocatebill', '调拨单', 'DB'),
    ('warehousetransferbill', '移库单', 'YK'),
    ('diversecustomertransferbill', '货权转移单', 'HQZY'),
    ('packagetemporarybill', '包仓转暂存单', 'BZZ'),
    ('temporarypackagebill', '暂存转包仓单', 'ZZB'),
    ('secondaryprocess', '二次加工单', 'ECJG'),
    ('adjustpricebill', '调价单', 'TJ'),
    ('handlingbill', '装卸单', 'ZX'),
    ('packagewarehousebill', '包仓单', 'BCG'),
    ('rentwarehousebill', '租仓单', 'ZC'),
    ('valueaddservicebill', '增值服务单', 'ZZFW'),
    ('ladingbill', '提单', 'TD'),
    ('mailbill', '邮寄单', 'YJ'),
    ('baccount', '结转单', 'JZ'),
    ('monthbill', '月结账单', 'YJD'),
    ('voucherbill', '库存凭证', 'PZ'),
    ('loadbill', '装车单', 'ZCD'),
    ('secbombill', 'BOM清单', 'BOM'),
    ('secproductive', '加工任务单', 'JGRW'),
    ('consignmentbill', '托运单', 'TY'),
    ('dispatch', '派车单', 'PC'),
    ('loadingbill', '发车单', 'FC'),
    ('arrivalbill', '到货单', 'DH'),
    ('deliverybill', '配送单', 'PS')
  ) AS d (seq_code, seq_name, prefix_value)
  WHERE t."is_deleted" = 0
    AND NOT EXISTS (
      SELECT 1 FROM "bl_syscode" s WHERE s."tenant_id" = t."tenant_id" AND s."seq_code" = d.seq_code
    );
