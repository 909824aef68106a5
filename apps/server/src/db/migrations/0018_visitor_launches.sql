-- A visitor's launches (docs/api.md "Statistics": the Total Users tables show them). Counted by the fold from now on;
-- a visitor seen before starts at its sign-in count, the launches known to have opened a visit.
ALTER TABLE "visitors" ADD COLUMN "launches" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "brand_visitors" ADD COLUMN "launches" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "visitors" SET "launches" = "sign_in_count";--> statement-breakpoint
UPDATE "brand_visitors" SET "launches" = "sign_in_count";
