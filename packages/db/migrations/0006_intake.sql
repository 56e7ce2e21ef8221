CREATE TABLE "inbound_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email_source_id" integer NOT NULL,
	"uid_validity" bigint NOT NULL,
	"uid" bigint NOT NULL,
	"message_id_hash" text NOT NULL,
	"from_address" text,
	"subject" text,
	"received_at" timestamp with time zone,
	"attachment_count" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"raw_file_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_states" (
	"email_source_id" integer PRIMARY KEY NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_sources" ADD COLUMN "last_poll_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_sources" ADD COLUMN "last_poll_succeeded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_sources" ADD COLUMN "last_poll_error" text;--> statement-breakpoint
ALTER TABLE "email_sources" ADD COLUMN "last_poll_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventory_sources" ADD COLUMN "last_good_headers" jsonb;--> statement-breakpoint
ALTER TABLE "order_tracking_sources" ADD COLUMN "last_good_headers" jsonb;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "input_file_id" bigint;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "output_file_id" bigint;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "inbound_message_id" bigint;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "reprocess_of_run_id" bigint;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_email_source_id_email_sources_id_fk" FOREIGN KEY ("email_source_id") REFERENCES "public"."email_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_raw_file_id_stored_files_id_fk" FOREIGN KEY ("raw_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_states" ADD CONSTRAINT "mailbox_states_email_source_id_email_sources_id_fk" FOREIGN KEY ("email_source_id") REFERENCES "public"."email_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_uid_idx" ON "inbound_messages" USING btree ("email_source_id","uid_validity","uid");--> statement-breakpoint
CREATE INDEX "inbound_messages_message_id_idx" ON "inbound_messages" USING btree ("email_source_id","message_id_hash");