CREATE TABLE "list_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Statement-level, so a bulk insert bumps each scope once; scopes are locked in one order to avoid deadlocks.
CREATE FUNCTION bump_product_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO list_versions AS v (scope, version)
      SELECT s, 1 FROM (SELECT '*' WHERE EXISTS (SELECT 1 FROM changed)
                        UNION SELECT brand_id::text FROM changed
                        UNION SELECT brand_id::text FROM changed_old) AS x(s)
      ORDER BY s
      ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO list_versions AS v (scope, version)
      SELECT s, 1 FROM (SELECT '*' WHERE EXISTS (SELECT 1 FROM changed)
                        UNION SELECT brand_id::text FROM changed) AS x(s)
      ORDER BY s
      ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_list_version_ins AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_product_list_versions();
--> statement-breakpoint
CREATE TRIGGER products_list_version_upd AFTER UPDATE ON products
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_product_list_versions();
--> statement-breakpoint
CREATE TRIGGER products_list_version_del AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_product_list_versions();
--> statement-breakpoint
-- Lists show the brand's name.
CREATE FUNCTION bump_brand_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions AS v (scope, version)
    SELECT s, 1 FROM (VALUES ('*'), (NEW.id::text)) AS x(s) ORDER BY s
    ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER brands_list_version AFTER UPDATE OF name ON brands
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION bump_brand_list_versions();
