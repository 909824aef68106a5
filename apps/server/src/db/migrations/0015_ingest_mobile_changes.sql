-- The mobile instance tables on the change feed (issue 13), as the desktop instances are (0009): ingestion remembers
-- a mobile instance's event scope per process (src/modules/player/events.ts) until 'player:m:<ids>' names it: a
-- change of the instance row (published, deleted, sources) or of its product rows (added, made active or not).
-- Its products' and brands' own changes are already announced ('player:p:<ids>', 'player:*').
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('mobile_instances', 'm', 'id'), ('mobile_instance_products', 'm', 'instance_id')
  ) AS v(tbl, kind, col) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed'
      ' FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change(%L, %L)', t.tbl || '_player_ins', t.tbl, t.kind, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed'
      ' FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change(%L, %L)', t.tbl || '_player_upd', t.tbl, t.kind, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_old'
      ' FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change(%L, %L)', t.tbl || '_player_del', t.tbl, t.kind, t.col);
  END LOOP;
END $$;
