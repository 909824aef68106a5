-- Buy clicks (issue 35; docs/api.md "How hard the statistics are to inflate"). The raw events keep what a click
-- named besides its product: the retailer (none: the buy button) and the currency of the link's destination.
-- Adding nullable columns without a default to the partitioned table changes its catalogue only, not its rows.
ALTER TABLE "player_events" ADD COLUMN "retailer_id" uuid;--> statement-breakpoint
ALTER TABLE "player_events" ADD COLUMN "currency" text;--> statement-breakpoint
-- Clicks per day × brand × widget × instance × product × retailer (the nil uuid: the buy button) × currency ('':
-- none), and the clicks ingestion dropped (no valid token, over a cap). Only the real instance is kept (no
-- all-instances row as stats_daily_products has): clicks are few, so a brand's day is a short index range to sum.
CREATE TABLE "stats_daily_clicks" (
	"brand_id" uuid NOT NULL,
	"day" text NOT NULL,
	"widget_type" text NOT NULL,
	"instance_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"retailer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"dropped_clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_clicks_pk" PRIMARY KEY("brand_id","widget_type","day","instance_id","product_id","retailer_id","currency")
);
--> statement-breakpoint
-- The same summed per closed month (modules/statistics/months.ts), as stats_monthly_products is.
CREATE TABLE "stats_monthly_clicks" (
	"brand_id" uuid NOT NULL,
	"month" text NOT NULL,
	"widget_type" text NOT NULL,
	"instance_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"retailer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_monthly_clicks_pk" PRIMARY KEY("brand_id","widget_type","month","instance_id","product_id","retailer_id","currency")
);
--> statement-breakpoint
-- A visitor's clicks of the UTC day per instance, for the cap (STATS_CAPS.clicksPerVisitorInstanceDay). Rows idle two
-- days are deleted by the daily upkeep; room is left in each page so the counts' updates stay HOT, as
-- stats_listeners' do.
CREATE TABLE "stats_click_caps" (
	"visitor_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"day" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_click_caps_pk" PRIMARY KEY("visitor_id","instance_id")
) WITH (fillfactor = 70);
