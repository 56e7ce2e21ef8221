ALTER TABLE "email_sources" ADD COLUMN "oauth_provider" text;--> statement-breakpoint
ALTER TABLE "email_sources" ADD COLUMN "oauth_account" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_sources" ADD COLUMN "oauth_refresh_encrypted" text;--> statement-breakpoint
ALTER TABLE "email_sources" ADD COLUMN "oauth_access_encrypted" text;--> statement-breakpoint
ALTER TABLE "email_sources" ADD COLUMN "oauth_access_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_sources" ADD COLUMN "oauth_expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_sources" ADD COLUMN "oauth_refresh_lease_until" timestamp with time zone;