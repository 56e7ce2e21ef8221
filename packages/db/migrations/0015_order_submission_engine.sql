CREATE TABLE "submission_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_submission_source_id" integer NOT NULL,
	"batch_day" date NOT NULL,
	"status" text NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"trigger" text NOT NULL,
	"run_id" bigint,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "submission_order_emails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_submission_source_id" integer NOT NULL,
	"inbound_message_id" bigint,
	"intake_run_id" bigint,
	"trigger" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"batch_day" date NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text_body" text DEFAULT '' NOT NULL,
	"html_body" text DEFAULT '' NOT NULL,
	"raw_file_id" bigint,
	"order_file_id" bigint,
	"order_file_name" text,
	"pdf_file_id" bigint,
	"order_file_headers" jsonb,
	"status" text NOT NULL,
	"message" text,
	"claimed_at" timestamp with time zone,
	"batch_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_vendor_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"batch_id" bigint NOT NULL,
	"email_id" bigint NOT NULL,
	"line" jsonb NOT NULL,
	"po_number" text DEFAULT '' NOT NULL,
	"matched_name" text NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"line_day" date NOT NULL,
	"run_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_batches" ADD CONSTRAINT "submission_batches_order_submission_source_id_order_submission_sources_id_fk" FOREIGN KEY ("order_submission_source_id") REFERENCES "public"."order_submission_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_batches" ADD CONSTRAINT "submission_batches_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_order_emails" ADD CONSTRAINT "submission_order_emails_order_submission_source_id_order_submission_sources_id_fk" FOREIGN KEY ("order_submission_source_id") REFERENCES "public"."order_submission_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_order_emails" ADD CONSTRAINT "submission_order_emails_inbound_message_id_inbound_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."inbound_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_order_emails" ADD CONSTRAINT "submission_order_emails_intake_run_id_runs_id_fk" FOREIGN KEY ("intake_run_id") REFERENCES "public"."runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_order_emails" ADD CONSTRAINT "submission_order_emails_raw_file_id_stored_files_id_fk" FOREIGN KEY ("raw_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_order_emails" ADD CONSTRAINT "submission_order_emails_order_file_id_stored_files_id_fk" FOREIGN KEY ("order_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_order_emails" ADD CONSTRAINT "submission_order_emails_pdf_file_id_stored_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_order_emails" ADD CONSTRAINT "submission_order_emails_batch_id_submission_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."submission_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_vendor_lines" ADD CONSTRAINT "submission_vendor_lines_vendor_id_order_vendor_sources_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."order_vendor_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_vendor_lines" ADD CONSTRAINT "submission_vendor_lines_batch_id_submission_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."submission_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_vendor_lines" ADD CONSTRAINT "submission_vendor_lines_email_id_submission_order_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."submission_order_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_vendor_lines" ADD CONSTRAINT "submission_vendor_lines_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_batches_open_idx" ON "submission_batches" USING btree ("status","claimed_at") WHERE "submission_batches"."status" in ('waiting', 'sending');--> statement-breakpoint
CREATE INDEX "submission_order_emails_open_idx" ON "submission_order_emails" USING btree ("order_submission_source_id","batch_day") WHERE "submission_order_emails"."status" in ('waiting', 'processing', 'ready');--> statement-breakpoint
CREATE INDEX "submission_order_emails_batch_idx" ON "submission_order_emails" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "submission_vendor_lines_waiting_idx" ON "submission_vendor_lines" USING btree ("vendor_id","id") WHERE "submission_vendor_lines"."run_id" is null;--> statement-breakpoint
CREATE INDEX "submission_vendor_lines_run_idx" ON "submission_vendor_lines" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "submission_vendor_lines_batch_idx" ON "submission_vendor_lines" USING btree ("batch_id");