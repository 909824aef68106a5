-- Statistics cannot be forged (docs/api.md "How hard the statistics are to inflate"). Per visitor, instance
-- and product: the last event's time (listening is bounded by the time passed since) and the day's plays (capped).
-- Rows older than two days are deleted by the daily upkeep (a token's issue time bounds what a visitor without a row
-- may send), by a scan once a day: no index on last_at, which every batch updates, so the updates stay HOT (room left
-- in each page for them) and cost ingestion no index writes.
CREATE TABLE "stats_listeners" (
	"visitor_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"day" text NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"prev_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stats_listeners_pk" PRIMARY KEY("visitor_id","instance_id","product_id")
) WITH (fillfactor = 70);
--> statement-breakpoint
-- What ingestion dropped (no valid token, over a cap or a budget), beside each figure.
ALTER TABLE "stats_daily_counts" ADD COLUMN "dropped_launches" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily_products" ADD COLUMN "dropped_plays" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily_products" ADD COLUMN "dropped_listen_seconds" double precision DEFAULT 0 NOT NULL;
