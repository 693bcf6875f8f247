-- The grants a request is checked against change rarely; reading them on every request was most
-- of the token guard's cost in the database (issue 20, target 3: about 0.07 ms of PostgreSQL CPU
-- of a list's 0.48). Each server process now keeps the answers of `bl_request_check` per tenant,
-- roles and button, stamped with the grant version below; the check reads the session (always:
-- a closed session is refused at once) and the version, and works the grants out again only when
-- the caller's stamp is not the current version.
--
-- One row, bumped in the same transaction as any change to a table the grants are read from, so a
-- process sees the new version exactly when it sees the change (never the version without the
-- change, which a sequence would allow). A change to grants waits for another in flight to commit:
-- they are an administrator's rare actions.
CREATE TABLE "bl_grant_version" (
	"id" smallint PRIMARY KEY CHECK ("id" = 1),
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "bl_grant_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
CREATE FUNCTION "bl_grant_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bl_grant_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['blade_role', 'blade_role_menu', 'blade_role_api', 'bl_apipermission',
                           'blade_menu', 'blade_tenant', 'blade_tenant_package'] LOOP
    EXECUTE format('CREATE TRIGGER bl_grant_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION bl_grant_changed()', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- bl_request_check of migration 0067 with the caller's stamp `p_known`: it answers the session's
-- half always (no row: the session is not open) and the grants' half with their version
-- `grants`, left null when `p_known` is already that version. The five-argument function stays
-- for processes of the previous release during a rolling upgrade.
CREATE FUNCTION "bl_request_check"(p_tenant text, p_session bigint, p_roles bigint[], p_now timestamptz,
  p_button text, p_known bigint)
RETURNS TABLE (password_due boolean, grants bigint, all_powerful boolean, interfaces json, packaged boolean,
  role_granted boolean)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  v_user bigint;
BEGIN
  SELECT s.user_id INTO v_user FROM auth_session s
  WHERE s.id = p_session AND s.revoked_at IS NULL AND s.expires_at > p_now;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  password_due := EXISTS (SELECT 1 FROM auth_password_due d WHERE d.user_id = v_user);
  SELECT g.version INTO grants FROM bl_grant_version g WHERE g.id = 1;
  IF grants IS DISTINCT FROM p_known THEN
    all_powerful := EXISTS (SELECT 1 FROM blade_role r WHERE r.id = ANY (p_roles) AND r.is_deleted = 0
                            AND r.is_administrator);
    interfaces := coalesce((SELECT json_agg(json_build_object('code', p.resource_code, 'url', p.resource_url,
        'granted', EXISTS (SELECT 1 FROM blade_role_api ra WHERE ra.tenant_id = p.tenant_id AND ra.api_id = p.id
                           AND ra.role_id = ANY (p_roles))))
      FROM bl_apipermission p WHERE p.tenant_id = p_tenant AND p.is_deleted = 0 AND p.status = 1), '[]'::json);
    IF p_button IS NOT NULL THEN
      packaged := p_tenant = '000000'
        OR NOT EXISTS (SELECT 1 FROM blade_tenant t JOIN blade_tenant_package tp ON tp.id = t.package_id
                       WHERE t.tenant_id = p_tenant AND t.is_deleted = 0 AND tp.is_deleted = 0)
        OR EXISTS (SELECT 1 FROM blade_menu m,
                     (SELECT tp.menu_id FROM blade_tenant t JOIN blade_tenant_package tp ON tp.id = t.package_id
                      WHERE t.tenant_id = p_tenant AND t.is_deleted = 0 AND tp.is_deleted = 0 LIMIT 1) pk
                   WHERE m.code = p_button AND m.is_deleted = 0 AND m.id::text = ANY (string_to_array(pk.menu_id, ',')));
      role_granted := EXISTS (SELECT 1 FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id
                              WHERE rm.role_id = ANY (p_roles) AND m.code = p_button AND m.is_deleted = 0);
    END IF;
  END IF;
  RETURN NEXT;
END
$$;
