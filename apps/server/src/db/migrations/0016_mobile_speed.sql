-- Creating a mobile instance writes one row per listable product (100,000 rows), and a Sync Products may write as
-- many (issue 14). What each row costs at that insert:
-- * The two foreign keys ran a trigger per row (a key-share lock on the product and on the instance): more than
--   half of the insert's time. Products, brands and mobile instances are only ever soft-deleted, and the rows are
--   written only by modules/mobile, set-based from live products for an instance it has just created or locked,
--   so the keys guarded against nothing that can happen.
ALTER TABLE "mobile_instance_products" DROP CONSTRAINT "mobile_instance_products_instance_id_mobile_instances_id_fk";--> statement-breakpoint
ALTER TABLE "mobile_instance_products" DROP CONSTRAINT "mobile_instance_products_product_id_products_id_fk";--> statement-breakpoint
-- * product_id alone served only the products key's checks; every read goes by instance (the primary key).
DROP INDEX "mobile_instance_products_product_idx";--> statement-breakpoint
-- * (instance_id, is_active, is_featured) had an entry per row. The filters and counts that need an index are on
--   the few active or featured rows: partial indexes hold only those, and a new instance (all inactive) adds none.
DROP INDEX "mobile_instance_products_active_idx";--> statement-breakpoint
CREATE INDEX "mobile_instance_products_active_idx" ON "mobile_instance_products" USING btree ("instance_id") WHERE "is_active" = 1;--> statement-breakpoint
CREATE INDEX "mobile_instance_products_featured_idx" ON "mobile_instance_products" USING btree ("instance_id") WHERE "is_featured" = 1;
