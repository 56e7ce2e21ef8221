ALTER TABLE "inventory_sources" ADD COLUMN "text_encoding" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_submission_sources" ADD COLUMN "text_encoding" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tracking_sources" ADD COLUMN "text_encoding" text DEFAULT '' NOT NULL;