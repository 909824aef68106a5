-- Listener verdicts (docs/api.md "Listener verdicts"): blind preference votes and ABX tests, the listening seconds that qualify
-- them, and their rollups (a day's and a month's). The features and subscriptions saved before the feature existed get it switched off.
ALTER TABLE "stats_listeners" ADD COLUMN "heard_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "preference_votes" (
	"instance_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"day" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"widget_type" text NOT NULL,
	"products" uuid[] NOT NULL,
	"heard" double precision[] NOT NULL,
	"chosen_id" uuid,
	"level_matched" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preference_votes_pk" PRIMARY KEY("instance_id","song_id","source_id","visitor_id","day")
);--> statement-breakpoint
CREATE INDEX "preference_votes_created_idx" ON "preference_votes" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "stats_pref_products" (
	"brand_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"widget_type" text NOT NULL,
	"day" text NOT NULL,
	"song_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_pref_products_pk" PRIMARY KEY("brand_id","instance_id","widget_type","song_id","source_id","day","product_id")
);--> statement-breakpoint
CREATE TABLE "stats_pref_pairs" (
	"brand_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"widget_type" text NOT NULL,
	"day" text NOT NULL,
	"song_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"a_id" uuid NOT NULL,
	"b_id" uuid NOT NULL,
	"a_wins" integer DEFAULT 0 NOT NULL,
	"b_wins" integer DEFAULT 0 NOT NULL,
	"ties" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_pref_pairs_pk" PRIMARY KEY("brand_id","instance_id","widget_type","song_id","source_id","day","a_id","b_id")
);--> statement-breakpoint
CREATE TABLE "stats_monthly_pref_products" (
	"brand_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"widget_type" text NOT NULL,
	"month" text NOT NULL,
	"song_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_monthly_pref_products_pk" PRIMARY KEY("brand_id","instance_id","widget_type","song_id","source_id","month","product_id")
);--> statement-breakpoint
CREATE TABLE "stats_monthly_pref_pairs" (
	"brand_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"widget_type" text NOT NULL,
	"month" text NOT NULL,
	"song_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"a_id" uuid NOT NULL,
	"b_id" uuid NOT NULL,
	"a_wins" integer DEFAULT 0 NOT NULL,
	"b_wins" integer DEFAULT 0 NOT NULL,
	"ties" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_monthly_pref_pairs_pk" PRIMARY KEY("brand_id","instance_id","widget_type","song_id","source_id","month","a_id","b_id")
);--> statement-breakpoint
CREATE TABLE "abx_tests" (
	"test_id" text PRIMARY KEY NOT NULL,
	"instance_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"day" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"widget_type" text NOT NULL,
	"a_id" uuid NOT NULL,
	"b_id" uuid NOT NULL,
	"answers" text NOT NULL,
	"correct" integer NOT NULL,
	"trial_seconds" double precision[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "abx_tests_created_idx" ON "abx_tests" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "stats_abx_pairs" (
	"brand_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"widget_type" text NOT NULL,
	"song_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"day" text NOT NULL,
	"a_id" uuid NOT NULL,
	"b_id" uuid NOT NULL,
	"tests" integer DEFAULT 0 NOT NULL,
	"trials" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"significant" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_abx_pairs_pk" PRIMARY KEY("brand_id","instance_id","widget_type","song_id","source_id","day","a_id","b_id")
);--> statement-breakpoint
CREATE TABLE "stats_monthly_abx_pairs" (
	"brand_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"widget_type" text NOT NULL,
	"song_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"month" text NOT NULL,
	"a_id" uuid NOT NULL,
	"b_id" uuid NOT NULL,
	"tests" integer DEFAULT 0 NOT NULL,
	"trials" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"significant" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_monthly_abx_pairs_pk" PRIMARY KEY("brand_id","instance_id","widget_type","song_id","source_id","month","a_id","b_id")
);--> statement-breakpoint
UPDATE "instances" SET "features" = "features" || '{"listener_votes":{"is_enable":0}}'::jsonb
  WHERE NOT ("features" ? 'listener_votes');--> statement-breakpoint
UPDATE "instances" SET "features" = "features" || '{"abx_test":{"is_enable":0,"trials":8}}'::jsonb
  WHERE NOT ("features" ? 'abx_test');--> statement-breakpoint
UPDATE "users" SET "subscription" = "subscription" || '{"listener_votes":{"is_enable":0},"abx_test":{"is_enable":0}}'::jsonb
  WHERE "subscription" IS NOT NULL AND NOT ("subscription" ? 'listener_votes');--> statement-breakpoint
UPDATE "plans" SET "subscription" = "subscription" || '{"listener_votes":{"is_enable":0},"abx_test":{"is_enable":0}}'::jsonb
  WHERE NOT ("subscription" ? 'listener_votes');
