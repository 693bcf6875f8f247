ALTER TABLE "bl_paydetail" ALTER COLUMN "cost_bill_no" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bl_paydetail" ADD COLUMN "month_bill_no" varchar(64);--> statement-breakpoint
ALTER TABLE "bl_monthbill" ADD COLUMN "pay_amount" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "bl_monthbill" ADD COLUMN "unpaid_amount" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "bl_monthbill" ADD COLUMN "pay_status" varchar(8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bl_lgagreement" ADD COLUMN "payment_days" integer;--> statement-breakpoint
CREATE INDEX "bl_paydetail_month_bill_idx" ON "bl_paydetail" USING btree ("tenant_id","month_bill_no");--> statement-breakpoint
ALTER TABLE "bl_customerarrears" ADD COLUMN "deducted_amount" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "bl_customerarrears" ADD COLUMN "not_due_amount" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "bl_customerarrears" ADD COLUMN "age0to30" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "bl_customerarrears" ADD COLUMN "age31to60" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "bl_customerarrears" ADD COLUMN "age61to90" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "bl_customerarrears" ADD COLUMN "age_over90" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "bl_customerarrears" ADD COLUMN "overdue_amount" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "bl_customerarrears" ADD COLUMN "as_of_date" date;
--> statement-breakpoint
-- Hand-written from here (issue 30, docs/adr/0039-receivables-ageing.md).
-- A month's reopen is an audited action with a reason, kept beside who and when.
ALTER TABLE "bl_billing_period" ADD COLUMN "reopen_reason" varchar(500);
--> statement-breakpoint
-- A payment settles exactly one bill: a cost bill or a monthly bill.
ALTER TABLE "bl_paydetail" ADD CONSTRAINT "bl_paydetail_one_bill" CHECK (
  ("cost_bill_no" IS NULL) <> ("month_bill_no" IS NULL)) NOT VALID;
--> statement-breakpoint
-- What an owner was billed and what is still open, bill by bill, as of a day (null: everything
-- recorded). The one computation of receivables: the arrears and ageing report and the credit
-- used (ADR 0033) both read it, so they agree to the cent.
-- A bill is owed from its period's last day (a cost bill confirmed or sent, a monthly bill
-- reviewed) and falls due `payment_days` after it (the agreement's terms; 30 without). A payment
-- counts from its own date: `settled` is what it takes off the bill, `deducted` the part of that
-- not received in money (bank charges, claims), `paid` the rest.
CREATE FUNCTION "bl_receivables"(p_tenant varchar, p_as_of date)
RETURNS TABLE (customer_code varchar, bill_type varchar, bill_no varchar, bill_date date, due_date date,
  amount numeric, paid numeric, deducted numeric, open_amount numeric)
LANGUAGE sql STABLE AS $$
  WITH bills AS (
    SELECT b.customer_code, 'costbill'::varchar AS bill_type, b.cost_bill_no AS bill_no,
      b.cost_date_end AS bill_date, coalesce(b.amount, 0) AS amount,
      (SELECT a.payment_days FROM bl_lgagreement a
        WHERE a.tenant_id = b.tenant_id AND a.customer_code = b.customer_code AND a.is_deleted = 0
          AND a.agreement_status IN ('2', '3') AND a.start_date <= b.cost_date_end
        ORDER BY a.start_date DESC LIMIT 1) AS payment_days
    FROM bl_costbill b
    WHERE b.tenant_id = p_tenant AND b.is_deleted = 0 AND b.cost_status IN ('2', '3')
    UNION ALL
    SELECT m.customer_code, 'monthbill'::varchar, m.bill_no, m.period_end, coalesce(m.total_amount, 0),
      (SELECT a.payment_days FROM bl_lgagreement a
        WHERE a.tenant_id = m.tenant_id AND a.agreement_code = m.agreement_code AND a.is_deleted = 0
        LIMIT 1)
    FROM bl_monthbill m
    WHERE m.tenant_id = p_tenant AND m.is_deleted = 0 AND m.is_review = '2' AND m.customer_code IS NOT NULL
  ),
  payments AS (
    SELECT CASE WHEN p.cost_bill_no IS NOT NULL THEN 'costbill' ELSE 'monthbill' END AS bill_type,
      coalesce(p.cost_bill_no, p.month_bill_no) AS bill_no,
      sum(p.pay_amount) AS settled, sum(coalesce(p.deduction_amount, 0)) AS deducted
    FROM bl_paydetail p
    WHERE p.tenant_id = p_tenant AND p.is_deleted = 0 AND (p_as_of IS NULL OR p.cost_date <= p_as_of)
    GROUP BY 1, 2
  )
  SELECT b.customer_code, b.bill_type, b.bill_no, b.bill_date,
    b.bill_date + coalesce(b.payment_days, 30) AS due_date, b.amount,
    coalesce(p.settled, 0) - coalesce(p.deducted, 0) AS paid, coalesce(p.deducted, 0) AS deducted,
    b.amount - coalesce(p.settled, 0) AS open_amount
  FROM bills b
  LEFT JOIN payments p ON p.bill_type = b.bill_type AND p.bill_no = b.bill_no
  WHERE p_as_of IS NULL OR b.bill_date <= p_as_of
$$;
--> statement-breakpoint
-- Credit used (ADR 0033) is now the open receivables of the owner, monthly bills included.
CREATE OR REPLACE FUNCTION "bl_customercredit_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.used_credit := coalesce((
    SELECT sum(r.open_amount) FROM bl_receivables(NEW.tenant_id, NULL) r
    WHERE r.customer_code = NEW.customer_code), 0);
  NEW.available_credit := NEW.credit_limit - NEW.used_credit;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A monthly bill's change, or a payment's, touches its owner's credit rows as a cost bill's does.
CREATE TRIGGER "bl_monthbill_credit_touch" AFTER INSERT OR UPDATE OR DELETE ON "bl_monthbill"
  FOR EACH ROW EXECUTE FUNCTION "bl_costbill_credit_touch"();
--> statement-breakpoint
CREATE TRIGGER "bl_paydetail_credit_touch" AFTER INSERT OR UPDATE OR DELETE ON "bl_paydetail"
  FOR EACH ROW EXECUTE FUNCTION "bl_costbill_credit_touch"();
--> statement-breakpoint
UPDATE "bl_customercredit" SET "used_credit" = "used_credit";
