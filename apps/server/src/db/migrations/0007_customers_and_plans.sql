-- The Customers list at 100,000 users: by role and age, and name/email searches on trigram indexes with
-- fastupdate off (see 0006). Plans are templates: users.plan_id records the one last chosen.
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_published" integer DEFAULT 0 NOT NULL,
	"subscription" jsonb NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
CREATE INDEX "plans_list_idx" ON "plans" USING btree ("is_deleted","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_role_list_idx" ON "users" USING btree ("role_id","is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "users_list_idx" ON "users" USING btree ("is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING gin (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "users_plan_idx" ON "users" USING btree ("plan_id");