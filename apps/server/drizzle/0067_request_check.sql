-- The token guard's check of every signed-in request (modules/auth/guard.ts, ADR 0019): the
-- session is open, whether its user must change the password first, whether one of the token's
-- roles is the tenant's administrator role, the tenant's interface permissions with whether the
-- roles hold each, and for a route that declares its button the two halves of requireButton (the
-- tenant package holds it, one of the roles is granted it).
-- A function so its statements are planned once per connection (PL/pgSQL keeps their plans):
-- sent as one statement with the transaction's begin, the same checks cost 2-3 ms of planning on
-- every request. It runs as its caller (bl_app, after set_config of the tenant), so row-level
-- security applies to every table it reads, as it did to the statement.
CREATE FUNCTION "bl_request_check"(p_tenant text, p_session bigint, p_roles bigint[], p_now timestamptz, p_button text)
RETURNS TABLE (password_due boolean, all_powerful boolean, interfaces json, packaged boolean, role_granted boolean)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT
    EXISTS (SELECT 1 FROM auth_password_due d WHERE d.user_id = s.user_id),
    EXISTS (SELECT 1 FROM blade_role r WHERE r.id = ANY (p_roles) AND r.is_deleted = 0 AND r.is_administrator),
    coalesce((SELECT json_agg(json_build_object('code', p.resource_code, 'url', p.resource_url,
        'granted', EXISTS (SELECT 1 FROM blade_role_api ra WHERE ra.tenant_id = p.tenant_id AND ra.api_id = p.id
                           AND ra.role_id = ANY (p_roles))))
      FROM bl_apipermission p WHERE p.tenant_id = p_tenant AND p.is_deleted = 0 AND p.status = 1), '[]'::json),
    CASE WHEN p_button IS NULL THEN NULL ELSE (
      p_tenant = '000000'
      OR NOT EXISTS (SELECT 1 FROM blade_tenant t JOIN blade_tenant_package tp ON tp.id = t.package_id
                     WHERE t.tenant_id = p_tenant AND t.is_deleted = 0 AND tp.is_deleted = 0)
      OR EXISTS (SELECT 1 FROM blade_menu m,
                   (SELECT tp.menu_id FROM blade_tenant t JOIN blade_tenant_package tp ON tp.id = t.package_id
                    WHERE t.tenant_id = p_tenant AND t.is_deleted = 0 AND tp.is_deleted = 0 LIMIT 1) pk
                 WHERE m.code = p_button AND m.is_deleted = 0 AND m.id::text = ANY (string_to_array(pk.menu_id, ','))))
    END,
    CASE WHEN p_button IS NULL THEN NULL ELSE
      EXISTS (SELECT 1 FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id
              WHERE rm.role_id = ANY (p_roles) AND m.code = p_button AND m.is_deleted = 0)
    END
  FROM auth_session s
  WHERE s.id = p_session AND s.revoked_at IS NULL AND s.expires_at > p_now;
END
$$;
