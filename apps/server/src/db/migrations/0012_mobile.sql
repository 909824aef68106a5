-- The mobile widget (issue 14): mobile instances (no brand: they compare products of any brand), their products
-- (a row each: an instance lists every published product) and retailers.
CREATE TABLE "mobile_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"is_published" integer DEFAULT 0 NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobile_instance_products" (
	"instance_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"is_active" integer DEFAULT 0 NOT NULL,
	"is_featured" integer DEFAULT 0 NOT NULL,
	"featured_order" integer,
	"player_position" integer,
	"placement_priority" integer,
	CONSTRAINT "mobile_instance_products_instance_id_product_id_pk" PRIMARY KEY("instance_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "mobile_instance_products" ADD CONSTRAINT "mobile_instance_products_instance_id_mobile_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."mobile_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_instance_products" ADD CONSTRAINT "mobile_instance_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mobile_instance_products_active_idx" ON "mobile_instance_products" USING btree ("instance_id","is_active","is_featured");--> statement-breakpoint
CREATE INDEX "mobile_instance_products_product_idx" ON "mobile_instance_products" USING btree ("product_id");--> statement-breakpoint
CREATE TABLE "retailers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"retailer_image" jsonb,
	"website" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mobile_instances_list_idx" ON "mobile_instances" USING btree ("is_deleted","updated_at");--> statement-breakpoint
CREATE INDEX "mobile_instances_name_idx" ON "mobile_instances" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "retailers_list_idx" ON "retailers" USING btree ("is_deleted","updated_at");--> statement-breakpoint
CREATE INDEX "retailers_name_idx" ON "retailers" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=off);
