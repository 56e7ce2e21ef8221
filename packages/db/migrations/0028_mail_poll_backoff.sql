ALTER TABLE "email_sources" ADD COLUMN "poll_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_sources" ADD COLUMN "poll_outage_alerted_at" timestamp with time zone;