-- Issue 28: a bill line carries its bill's number (ChildInput.fromHeader, filled by engine/crud.ts
-- whichever endpoint writes the line). Lines written before that have none, or the number their
-- bill had before a renumbering: one statement per header/line pair of the registry.
update bl_orderisinstockbilldetail l set bill_no = h.bill_no from bl_orderisinstockbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_isinstockbilldetail l set bill_no = h.bill_no from bl_isinstockbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_isrecbilldetail l set bill_no = h.bill_no from bl_isrecbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_ispurchaseapplybilldetail l set bill_no = h.bill_no from bl_ispurchaseapplybill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_checkbilldetail l set bill_no = h.bill_no from bl_checkbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_orderosoutstockbilldetail l set bill_no = h.bill_no from bl_orderosoutstockbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_osoutstockbilldetail l set bill_no = h.bill_no from bl_osoutstockbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_stocksortingbilldetail l set bill_no = h.bill_no from bl_stocksortingbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_osnoticedeliverybilldetail l set bill_no = h.bill_no from bl_osnoticedeliverybill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_ossobilldetail l set bill_no = h.bill_no from bl_ossobill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_osbomapplybilldetail l set bill_no = h.bill_no from bl_osbomapplybill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_billwavesdetail l set bill_no = h.bill_no from bl_billwaves h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_inventorylossbilldetail l set bill_no = h.bill_no from bl_inventorylossbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_wmstockcheckbilldetail l set bill_no = h.bill_no from bl_wmstockcheckbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_wmallocatebilldetail l set bill_no = h.bill_no from bl_wmallocatebill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_warehousetransferbilldetail l set bill_no = h.bill_no from bl_warehousetransferbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_diversecustomertransferbilldetail l set bill_no = h.bill_no from bl_diversecustomertransferbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_packagetemporarybilldetail l set bill_no = h.bill_no from bl_packagetemporarybill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_temporarypackagebilldetail l set bill_no = h.bill_no from bl_temporarypackagebill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_secondaryprocesspull l set bill_no = h.bill_no from bl_secondaryprocess h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_secondaryprocessfinished l set bill_no = h.bill_no from bl_secondaryprocess h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_adjustpricebilldetail l set bill_no = h.bill_no from bl_adjustpricebill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_handlingbilldetail l set bill_no = h.bill_no from bl_handlingbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_valueaddservicebilldetail l set bill_no = h.bill_no from bl_valueaddservicebill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_ladingbilldetail l set bill_no = h.bill_no from bl_ladingbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_mailbilldetail l set bill_no = h.bill_no from bl_mailbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_baccountdetail l set bill_no = h.bill_no from bl_baccount h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_monthbilldetail l set bill_no = h.bill_no from bl_monthbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_voucheritem l set bill_no = h.bill_no from bl_voucherbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_loadbilldetail l set bill_no = h.bill_no from bl_loadbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_secbompullitem l set bill_no = h.bill_no from bl_secbombill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_secbomfinisheditem l set bill_no = h.bill_no from bl_secbombill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_secproductivepullitem l set bill_no = h.bill_no from bl_secproductive h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_secproductivefinisheditem l set bill_no = h.bill_no from bl_secproductive h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_consignmentbilldetail l set bill_no = h.bill_no from bl_consignmentbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_dispatchdetail l set bill_no = h.bill_no from bl_dispatch h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
--> statement-breakpoint
update bl_loadingbilldetail l set bill_no = h.bill_no from bl_loadingbill h where h.id = l.header_id and h.tenant_id = l.tenant_id and l.bill_no is distinct from h.bill_no;
