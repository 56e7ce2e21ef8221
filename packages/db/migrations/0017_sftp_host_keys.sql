ALTER TABLE "inventory_sources" ADD COLUMN "sftp_host_key" text;--> statement-breakpoint
ALTER TABLE "inventory_sources" ADD COLUMN "sftp_host_key_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventory_sources" ADD COLUMN "sftp_host_key_presented" text;--> statement-breakpoint
ALTER TABLE "inventory_sources" ADD COLUMN "sftp_host_key_presented_at" timestamp with time zone;