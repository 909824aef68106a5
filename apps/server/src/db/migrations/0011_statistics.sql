-- Statistics (issue 13). The raw events become a table partitioned by month of created_at, so an old month is
-- dropped whole; partitions are made ahead by the server (modules/statistics/partitions.ts), and the DEFAULT
-- partition catches an event no month partition takes yet, so none is ever refused. No foreign keys, no id and no
-- indexes: ingestion has checked the instance, and nothing reads the raw events but a re-fold.
ALTER TABLE "player_events" RENAME TO "player_events_v1";
--> statement-breakpoint
CREATE TABLE "player_events" (
	"instance_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"widget_type" text DEFAULT 'desktop' NOT NULL,
	"type" text NOT NULL,
	"product_id" uuid,
	"song_id" uuid,
	"source_id" uuid,
	"seconds" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "player_events_default" PARTITION OF "player_events" DEFAULT;
--> statement-breakpoint
INSERT INTO "player_events" ("instance_id", "brand_id", "visitor_id", "type", "product_id", "song_id", "source_id", "seconds", "created_at")
	SELECT "instance_id", "brand_id", "visitor_id", "type", "product_id", "song_id", "source_id", "seconds", "created_at" FROM "player_events_v1";
--> statement-breakpoint
DROP TABLE "player_events_v1";
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sign_in_count" integer DEFAULT 1 NOT NULL,
	"sign_up_url" text DEFAULT '' NOT NULL,
	"country_name" text DEFAULT '' NOT NULL,
	"state_prov" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "visitors_created_idx" ON "visitors" USING btree ("created_at" DESC, "id");
--> statement-breakpoint
CREATE TABLE "brand_visitors" (
	"brand_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"sign_in_count" integer DEFAULT 1 NOT NULL,
	"sign_up_url" text DEFAULT '' NOT NULL,
	"country_name" text DEFAULT '' NOT NULL,
	"state_prov" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_visitors_brand_id_visitor_id_pk" PRIMARY KEY("brand_id","visitor_id")
);
--> statement-breakpoint
CREATE INDEX "brand_visitors_created_idx" ON "brand_visitors" USING btree ("brand_id", "created_at" DESC, "visitor_id");
--> statement-breakpoint
CREATE TABLE "stats_daily" (
	"brand_id" uuid NOT NULL,
	"day" text NOT NULL,
	"instance_id" uuid NOT NULL,
	"widget_type" text NOT NULL,
	"product_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"launches" integer DEFAULT 0 NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"listen_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_pk" PRIMARY KEY("brand_id","day","instance_id","widget_type","product_id","song_id","source_id")
);
--> statement-breakpoint
CREATE INDEX "stats_daily_instance_idx" ON "stats_daily" USING btree ("instance_id","day");
--> statement-breakpoint
CREATE TABLE "stats_daily_products" (
	"brand_id" uuid NOT NULL,
	"day" text NOT NULL,
	"widget_type" text NOT NULL,
	"instance_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"listen_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_products_pk" PRIMARY KEY("brand_id","widget_type","instance_id","product_id","day")
);
--> statement-breakpoint
CREATE INDEX "stats_daily_products_days_idx" ON "stats_daily_products" USING btree ("brand_id","widget_type","instance_id","day") INCLUDE ("product_id","plays","listen_seconds") WHERE "product_id" <> '00000000-0000-0000-0000-000000000000';
--> statement-breakpoint
CREATE TABLE "stats_daily_visitors" (
	"brand_id" uuid NOT NULL,
	"day" text NOT NULL,
	"instance_id" uuid NOT NULL,
	"widget_type" text NOT NULL,
	"visitor_id" uuid NOT NULL,
	CONSTRAINT "stats_daily_visitors_pk" PRIMARY KEY("brand_id","day","instance_id","widget_type","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "stats_daily_counts" (
	"scope_id" uuid NOT NULL,
	"day" text NOT NULL,
	"instance_id" uuid NOT NULL,
	"widget_type" text NOT NULL,
	"launches" integer DEFAULT 0 NOT NULL,
	"unique_visitors" integer DEFAULT 0 NOT NULL,
	"new_visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_counts_pk" PRIMARY KEY("scope_id","day","instance_id","widget_type")
);
