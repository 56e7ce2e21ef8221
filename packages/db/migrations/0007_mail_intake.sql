ALTER TABLE "inbound_messages" ADD COLUMN "needs_seen_flag" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mailbox_states" ADD COLUMN "watcher_owner" text;--> statement-breakpoint
ALTER TABLE "mailbox_states" ADD COLUMN "watcher_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "inbound_messages_seen_pending_idx" ON "inbound_messages" USING btree ("email_source_id","uid_validity") WHERE "inbound_messages"."needs_seen_flag";