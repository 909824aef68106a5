-- Listener votes on a mobile instance (docs/api.md "Listener verdicts"): 1, the mobile widget's blind mode asks
-- "Which did you prefer?" and the vote counts at the platform level (widget_type mobile); off for every instance.
ALTER TABLE "mobile_instances" ADD COLUMN "listener_votes" integer DEFAULT 0 NOT NULL;
