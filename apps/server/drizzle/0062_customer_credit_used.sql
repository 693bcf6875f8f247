-- An owner's credit used (bl_customercredit.used_credit) is what it owes: the confirmed and sent
-- cost bills less what has been paid on them (ADR 0033). The database keeps it, whatever writes
-- a cost bill or a payment (a confirmation, a payment's rule, an un-confirm, a removal): a cost
-- bill's change touches the owner's credit rows, whose own trigger sums the bills again.
CREATE FUNCTION "bl_customercredit_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.used_credit := coalesce((
    SELECT sum(b.amount - coalesce(b.pay_amount, 0)) FROM bl_costbill b
    WHERE b.tenant_id = NEW.tenant_id AND b.customer_code = NEW.customer_code
      AND b.is_deleted = 0 AND b.cost_status IN ('2', '3')), 0);
  NEW.available_credit := NEW.credit_limit - NEW.used_credit;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bl_customercredit_fill" BEFORE INSERT OR UPDATE ON "bl_customercredit"
  FOR EACH ROW EXECUTE FUNCTION "bl_customercredit_fill"();
--> statement-breakpoint
CREATE FUNCTION "bl_costbill_credit_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE bl_customercredit SET used_credit = used_credit
    WHERE tenant_id = OLD.tenant_id AND customer_code = OLD.customer_code;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.customer_code IS DISTINCT FROM OLD.customer_code) THEN
    UPDATE bl_customercredit SET used_credit = used_credit
    WHERE tenant_id = NEW.tenant_id AND customer_code = NEW.customer_code;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bl_costbill_credit_touch" AFTER INSERT OR UPDATE OR DELETE ON "bl_costbill"
  FOR EACH ROW EXECUTE FUNCTION "bl_costbill_credit_touch"();
