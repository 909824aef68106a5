-- A range of Listener verdicts sums a row per product or pair for each whole month and each other day (docs/api.md
-- "Listener verdicts"). Scattered over the heap, a brand's rows cost a page each; these indexes hold the key and the
-- counts, so the days and the months are index-only scans over a few pages. They change only with votes and ABX
-- tests, which are rare.
CREATE INDEX "stats_monthly_pref_products_cover" ON "stats_monthly_pref_products" USING btree ("brand_id","instance_id","widget_type","song_id","source_id","month") INCLUDE ("product_id","votes","wins");--> statement-breakpoint
CREATE INDEX "stats_monthly_pref_pairs_cover" ON "stats_monthly_pref_pairs" USING btree ("brand_id","instance_id","widget_type","song_id","source_id","month") INCLUDE ("a_id","b_id","a_wins","b_wins","ties");--> statement-breakpoint
CREATE INDEX "stats_monthly_abx_pairs_cover" ON "stats_monthly_abx_pairs" USING btree ("brand_id","instance_id","widget_type","song_id","source_id","month") INCLUDE ("a_id","b_id","tests","trials","correct","significant");--> statement-breakpoint
CREATE INDEX "stats_pref_products_cover" ON "stats_pref_products" USING btree ("brand_id","instance_id","widget_type","song_id","source_id","day") INCLUDE ("product_id","votes","wins");--> statement-breakpoint
CREATE INDEX "stats_pref_pairs_cover" ON "stats_pref_pairs" USING btree ("brand_id","instance_id","widget_type","song_id","source_id","day") INCLUDE ("a_id","b_id","a_wins","b_wins","ties");--> statement-breakpoint
CREATE INDEX "stats_abx_pairs_cover" ON "stats_abx_pairs" USING btree ("brand_id","instance_id","widget_type","song_id","source_id","day") INCLUDE ("a_id","b_id","tests","trials","correct","significant");
