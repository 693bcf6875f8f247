-- The cost types the fee engine charges under (issue 16, ADR 0024; packages/entities
-- src/billing/cost-types.ts, whose list this repeats): every existing tenant gets those it has
-- no row for (live or deleted). New tenants get them from seedCostTypes
-- (modules/billing/cost-types.ts). Ids follow the snowflake layout of db/ids.ts (worker 1023,
-- the row's number as sequence).
INSERT INTO "bl_costtype" ("id", "tenant_id", "code", "name", "category")
  SELECT
    ((floor(extract(epoch FROM now()) * 1000)::bigint - 1577836800000) << 22)
      + (1023 << 12) + row_number() OVER (),
    t."tenant_id", d.code, d.name, d.category
  FROM "blade_tenant" t
  CROSS JOIN (VALUES
    ('STORAGE', '仓储费', '1'),
    ('UNLOAD', '卸货费', '2'),
    ('LOAD', '装货费', '2'),
    ('HANDLING', '搬运费', '2'),
    ('SERVICE', '增值服务费', '3'),
    ('RENT', '租仓费', '1'),
    ('PKGWH', '包仓费', '1'),
    ('LADING', '提单计提费', '5'),
    ('FREIGHT', '运费', '4')
  ) AS d (code, name, category)
  WHERE t."is_deleted" = 0
    AND NOT EXISTS (
      SELECT 1 FROM "bl_costtype" c WHERE c."tenant_id" = t."tenant_id" AND c."code" = d.code
    );
