CREATE TABLE "player_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"type" text NOT NULL,
	"product_id" uuid,
	"song_id" uuid,
	"source_id" uuid,
	"seconds" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tooltips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feature" integer NOT NULL,
	"content" text NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_events" ADD CONSTRAINT "player_events_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_events" ADD CONSTRAINT "player_events_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_events_instance_idx" ON "player_events" USING btree ("instance_id","created_at");--> statement-breakpoint
CREATE INDEX "player_events_brand_idx" ON "player_events" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "player_events_product_idx" ON "player_events" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "tooltips_list_idx" ON "tooltips" USING btree ("is_deleted","feature","created_at");