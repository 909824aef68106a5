-- Every committed change a server may remember is announced on 'atk_changes' (see src/db/changes.ts), whoever
-- makes it: a list scope's new version, a user or its sessions, the roles.
CREATE FUNCTION bump_list_versions(scopes text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Scopes are locked in one order to avoid deadlocks.
  INSERT INTO list_versions AS v (scope, version)
    SELECT s, 1 FROM unnest(scopes) AS x(s) ORDER BY s
    ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
  PERFORM pg_notify('atk_changes', 'list:' || s) FROM unnest(scopes) AS x(s);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_product_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM bump_list_versions(ARRAY(SELECT '*' WHERE EXISTS (SELECT 1 FROM changed)
                                     UNION SELECT brand_id::text FROM changed
                                     UNION SELECT brand_id::text FROM changed_old));
  ELSE
    PERFORM bump_list_versions(ARRAY(SELECT '*' WHERE EXISTS (SELECT 1 FROM changed)
                                     UNION SELECT brand_id::text FROM changed));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_brand_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_list_versions(ARRAY['*', NEW.id::text]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Identical notifications of one transaction are delivered once: revoking all of a user's sessions is one.
CREATE FUNCTION announce_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atk_changes', 'user:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_announce AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_user_change();
--> statement-breakpoint
CREATE FUNCTION announce_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atk_changes', 'user:' || OLD.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_announce AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE FUNCTION announce_all_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atk_changes', 'all');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER roles_announce AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_change();
