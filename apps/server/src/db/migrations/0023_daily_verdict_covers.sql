-- A brand's Listener verdicts over a range sum a row a day per product or pair for the days outside whole months
-- (docs/api.md "Listener verdicts"), as migration 0022 does for the months: these indexes hold the key and the
-- counts, so those days are an index-only scan too. They change only with votes and ABX tests, which are rare.
CREATE INDEX "stats_pref_products_cover" ON "stats_pref_products" USING btree ("brand_id","instance_id","widget_type","song_id","source_id","day") INCLUDE ("product_id","votes","wins");--> statement-breakpoint
CREATE INDEX "stats_pref_pairs_cover" ON "stats_pref_pairs" USING btree ("brand_id","instance_id","widget_type","song_id","source_id","day") INCLUDE ("a_id","b_id","a_wins","b_wins","ties");--> statement-breakpoint
CREATE INDEX "stats_abx_pairs_cover" ON "stats_abx_pairs" USING btree ("brand_id","instance_id","widget_type","song_id","source_id","day") INCLUDE ("a_id","b_id","tests","trials","correct","significant");
