-- Strict privacy mode (docs/api.md "What the statistics store, and for how long"): a strict batch's visitor is a
-- salted hash valid one UTC day; the salt of each day (32 random bytes, hex), deleted once the day is over.
CREATE TABLE "stats_daily_salts" (
	"day" text PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
-- Launches in strict mode: counted, but no visitor is kept across days, so not in new visitors or sign-ins.
ALTER TABLE "stats_daily_counts" ADD COLUMN "strict_launches" integer DEFAULT 0 NOT NULL;
