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
CREATE TRIGGER instances_player_ins AFTER INSERT ON instances
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('i', 'id');
--> statement-breakpoint
CREATE TRIGGER instances_player_upd AFTER UPDATE ON instances
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('i', 'id');
--> statement-breakpoint
CREATE TRIGGER instances_player_del AFTER DELETE ON instances
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('i', 'id');
--> statement-breakpoint
CREATE TRIGGER products_player_ins AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('p', 'id');
--> statement-breakpoint
CREATE TRIGGER products_player_upd AFTER UPDATE ON products
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('p', 'id');
--> statement-breakpoint
CREATE TRIGGER products_player_del AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('p', 'id');
--> statement-breakpoint
CREATE TRIGGER audios_player_ins AFTER INSERT ON audios
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('p', 'product_id');
--> statement-breakpoint
CREATE TRIGGER audios_player_upd AFTER UPDATE ON audios
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('p', 'product_id');
--> statement-breakpoint
CREATE TRIGGER audios_player_del AFTER DELETE ON audios
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('p', 'product_id');
--> statement-breakpoint
CREATE TRIGGER songs_player_ins AFTER INSERT ON songs
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('s', 'id');
--> statement-breakpoint
CREATE TRIGGER songs_player_upd AFTER UPDATE ON songs
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('s', 'id');
--> statement-breakpoint
CREATE TRIGGER songs_player_del AFTER DELETE ON songs
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('s', 'id');
--> statement-breakpoint
CREATE TRIGGER instruments_player_ins AFTER INSERT ON instruments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('s', 'song_id');
--> statement-breakpoint
CREATE TRIGGER instruments_player_upd AFTER UPDATE ON instruments
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('s', 'song_id');
--> statement-breakpoint
CREATE TRIGGER instruments_player_del AFTER DELETE ON instruments
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('s', 'song_id');
--> statement-breakpoint
CREATE TRIGGER brands_player AFTER INSERT OR UPDATE OR DELETE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('*');
--> statement-breakpoint
CREATE TRIGGER settings_player AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('*');
--> statement-breakpoint
CREATE TRIGGER tooltips_player AFTER INSERT OR UPDATE OR DELETE ON tooltips
  FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change('*');
