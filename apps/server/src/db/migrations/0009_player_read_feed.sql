-- The public player read is remembered per process (src/modules/player/cache.ts) until the change feed announces a
-- change it depends on: 'player:<kind>:<ids>' names the rows a statement changed (i = instances, p = products and
-- their audio records, s = songs and their sources), 'player:*' (brands, settings, tooltips, or a statement that
-- changed more than 100 rows) drops every remembered answer. Statement-level, so a bulk write is one announcement.
CREATE FUNCTION announce_player_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_ARGV[0] = '*' THEN
    PERFORM pg_notify('atk_changes', 'player:*');
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM changed', TG_ARGV[1]) INTO ids;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM changed_old', TG_ARGV[1]) INTO ids;
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT x) FROM (SELECT %1$I::text FROM changed UNION SELECT %1$I::text FROM changed_old) AS t(x)', TG_ARGV[1]) INTO ids;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(ids) > 100 THEN
    PERFORM pg_notify('atk_changes', 'player:*');
  ELSE
    PERFORM pg_notify('atk_changes', 'player:' || TG_ARGV[0] || ':' || array_to_string(ids, ','));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Each table that names player rows gets an insert, an update and a delete trigger (transition tables differ by
-- operation, so one trigger cannot serve all three): the kind it announces and the column holding the ids.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('instances', 'i', 'id'), ('products', 'p', 'id'), ('audios', 'p', 'product_id'),
    ('songs', 's', 'id'), ('instruments', 's', 'song_id')
  ) AS v(tbl, kind, col) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed'
      ' FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change(%L, %L)', t.tbl || '_player_ins', t.tbl, t.kind, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed'
      ' FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change(%L, %L)', t.tbl || '_player_upd', t.tbl, t.kind, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_old'
      ' FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change(%L, %L)', t.tbl || '_player_del', t.tbl, t.kind, t.col);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER brands_player AFTER INSERT OR UPDATE OR DELETE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('*');
--> statement-breakpoint
CREATE TRIGGER settings_player AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('*');
--> statement-breakpoint
CREATE TRIGGER tooltips_player AFTER INSERT OR UPDATE OR DELETE ON tooltips
  FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('*');
