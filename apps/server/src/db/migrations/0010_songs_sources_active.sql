-- Songs and sources become Active unless switched off (issue 12): the player now offers only published ones, and
-- the brand's Audio tab has no status control. Until now the flag had no effect and no screen set it, so every
-- song and source that existed was live in the players: they stay so.
ALTER TABLE "songs" ALTER COLUMN "is_published" SET DEFAULT 1;
--> statement-breakpoint
ALTER TABLE "instruments" ALTER COLUMN "is_published" SET DEFAULT 1;
--> statement-breakpoint
UPDATE "songs" SET "is_published" = 1 WHERE "is_published" <> 1;
--> statement-breakpoint
UPDATE "instruments" SET "is_published" = 1 WHERE "is_published" <> 1;
