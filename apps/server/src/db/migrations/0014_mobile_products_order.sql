-- The mobile Products tab's order (issue 14): product names case-insensitively, then the name and id to break ties.
-- Walking this index and probing mobile_instance_products' primary key reads one page of an instance's 100,000
-- products without sorting them all.
CREATE INDEX "products_name_order_idx" ON "products" USING btree (lower("name"),"name","id");
--> statement-breakpoint
-- The rows holding a featured order or a player position (a few per instance) come first in those sorts: read
-- through these small partial indexes, never by scanning the instance's rows.
CREATE INDEX "mobile_instance_products_featured_order_idx" ON "mobile_instance_products" USING btree ("instance_id","featured_order") WHERE "featured_order" is not null;--> statement-breakpoint
CREATE INDEX "mobile_instance_products_player_position_idx" ON "mobile_instance_products" USING btree ("instance_id","player_position") WHERE "player_position" is not null;
