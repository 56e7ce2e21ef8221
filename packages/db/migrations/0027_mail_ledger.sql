CREATE TABLE "mail_ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email_source_id" integer NOT NULL,
	"inbound_message_id" bigint NOT NULL,
	"uid" bigint NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"from_address" text,
	"subject" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"evaluations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_ledger_entries" ADD CONSTRAINT "mail_ledger_entries_email_source_id_email_sources_id_fk" FOREIGN KEY ("email_source_id") REFERENCES "public"."email_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_ledger_entries" ADD CONSTRAINT "mail_ledger_entries_inbound_message_id_inbound_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."inbound_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_ledger_entries_inbound_idx" ON "mail_ledger_entries" USING btree ("inbound_message_id");--> statement-breakpoint
CREATE INDEX "mail_ledger_entries_page_idx" ON "mail_ledger_entries" USING btree ("email_source_id","received_at","id");--> statement-breakpoint
CREATE INDEX "mail_ledger_entries_outcome_idx" ON "mail_ledger_entries" USING btree ("email_source_id","outcome","received_at","id");