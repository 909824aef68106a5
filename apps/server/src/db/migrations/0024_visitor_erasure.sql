-- A visitor's "Forget me" and an operator's erasure (issue 35; docs/api.md "What the statistics store, and for how
-- long") delete every row of one visitor id. These tables' keys do not start with it, so each gets an index that does:
-- without one, every erasure would read the whole table. Votes and ABX tests are rare, and a visitor's brand and day
-- rows are written at its launches only, so the indexes cost ingestion little; the raw events get none (their every
-- event would pay for it), and an erasure reads only the months since the visitor's first visit.
CREATE INDEX "brand_visitors_visitor_idx" ON "brand_visitors" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "stats_daily_visitors_visitor_idx" ON "stats_daily_visitors" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "preference_votes_visitor_idx" ON "preference_votes" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "abx_tests_visitor_idx" ON "abx_tests" USING btree ("visitor_id");
