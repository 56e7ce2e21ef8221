-- The carrier recogniser's answer per tracking number (docs/behaviour/order-tracking.md#carriers). Rows already stored keep
-- check_digit null here: recognising needs the application's code, so the carrier backfill job (modules/tracking-numbers)
-- fills them in after start-up, in batches, through the partial index below.
ALTER TABLE "order_tracking_numbers" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "order_tracking_numbers" ADD COLUMN "carrier_name" text;--> statement-breakpoint
ALTER TABLE "order_tracking_numbers" ADD COLUMN "carrier_service" text;--> statement-breakpoint
ALTER TABLE "order_tracking_numbers" ADD COLUMN "check_digit" text;--> statement-breakpoint
ALTER TABLE "order_tracking_numbers" ADD COLUMN "tracking_url" text;--> statement-breakpoint
CREATE INDEX "order_tracking_numbers_unrecognised_idx" ON "order_tracking_numbers" USING btree ("id") WHERE "order_tracking_numbers"."check_digit" is null;