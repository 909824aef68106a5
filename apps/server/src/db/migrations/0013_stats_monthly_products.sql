-- Per-product totals of closed months (issue 13): summed once from stats_daily_products after a month has ended,
-- so a year's per-product totals read about 12 rows a product instead of 365 (modules/statistics/months.ts).
CREATE TABLE "stats_monthly_products" (
	"brand_id" uuid NOT NULL,
	"month" text NOT NULL,
	"widget_type" text NOT NULL,
	"instance_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"listen_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_monthly_products_pk" PRIMARY KEY("brand_id","widget_type","instance_id","month","product_id")
);
--> statement-breakpoint
CREATE TABLE "stats_closed_months" (
	"month" text PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
