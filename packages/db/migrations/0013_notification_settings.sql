CREATE TABLE "notification_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"source_type_id" integer NOT NULL,
	"source_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notification_enabled" boolean DEFAULT false NOT NULL,
	"notification_interval" text DEFAULT 'Weekly' NOT NULL,
	"notification_day_of_week" integer,
	"cron_expression" text DEFAULT '' NOT NULL,
	"include_status_changes" boolean DEFAULT true NOT NULL,
	"include_quantity_changes" boolean DEFAULT true NOT NULL,
	"include_zero_quantity_alerts" boolean DEFAULT false NOT NULL,
	"include_daily_breakdown" boolean DEFAULT true NOT NULL,
	"include_item_details" boolean DEFAULT true NOT NULL,
	"include_error_alerts" boolean DEFAULT true NOT NULL,
	"include_success_alerts" boolean DEFAULT true NOT NULL,
	"override_email_recipients" text DEFAULT '' NOT NULL,
	"email_subject_prefix" text DEFAULT '' NOT NULL,
	"consolidated_email" boolean DEFAULT false NOT NULL,
	"last_notification_sent" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_submission_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_name" text NOT NULL,
	"email_source_id" integer,
	"file_type" text DEFAULT '' NOT NULL,
	"from_email" text NOT NULL,
	"subject_value" text NOT NULL,
	"contains_not_exact" boolean DEFAULT false NOT NULL,
	"expected_attachment_count" integer DEFAULT 1 NOT NULL,
	"expected_number_of_batch_emails" integer DEFAULT 1 NOT NULL,
	"attachment_name" text DEFAULT '' NOT NULL,
	"no_attachments_needs_link_click" boolean DEFAULT false NOT NULL,
	"orders_are_all_quantity_one" boolean DEFAULT false NOT NULL,
	"link_click_preceeded_by_text" text DEFAULT '' NOT NULL,
	"link_click_always_contains_text" text DEFAULT '' NOT NULL,
	"download_spreadsheet" boolean DEFAULT true NOT NULL,
	"download_pdf" boolean DEFAULT true NOT NULL,
	"spreadsheet_download_button_text" text DEFAULT '' NOT NULL,
	"pdf_download_button_text" text DEFAULT '' NOT NULL,
	"spreadsheet_type" text DEFAULT '' NOT NULL,
	"spreadsheet_download_name" text DEFAULT '' NOT NULL,
	"pdf_download_name" text DEFAULT '' NOT NULL,
	"active_status" boolean DEFAULT true NOT NULL,
	"deleted_status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_vendor_aliases" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_vendor_source_id" integer NOT NULL,
	"vendor_alias_name_from_file" text NOT NULL,
	"vendor_provided_account_number" text DEFAULT '' NOT NULL,
	"active_status" boolean DEFAULT true NOT NULL,
	"deleted_status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_vendor_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_submission_source_id" integer,
	"vendor_name_from_file" text NOT NULL,
	"send_from_email_source_id" integer,
	"submit_emails" text NOT NULL,
	"submit_cc_emails" text DEFAULT '' NOT NULL,
	"submit_bcc_emails" text DEFAULT '' NOT NULL,
	"submit_email_subject_line" text NOT NULL,
	"submit_email_body_text" text DEFAULT '' NOT NULL,
	"vendor_provided_account_number" text DEFAULT '' NOT NULL,
	"vendor_wants_trimmed_item_description" boolean DEFAULT false NOT NULL,
	"vendor_regex_for_item_description" text DEFAULT '' NOT NULL,
	"vendor_wants_non_daily_submission" boolean DEFAULT false NOT NULL,
	"vendor_custom_submit_every_x_day" integer,
	"vendor_wants_all_aligned_left" boolean DEFAULT false NOT NULL,
	"vendor_wants_pdf" boolean DEFAULT false NOT NULL,
	"vendor_wants_spreadsheet" boolean DEFAULT true NOT NULL,
	"vendor_wants_forwarded_email" boolean DEFAULT false NOT NULL,
	"vendor_wants_all_data" boolean DEFAULT false NOT NULL,
	"submit_file_header_row_index" integer DEFAULT 0 NOT NULL,
	"submit_file_template_id" bigint,
	"submit_file_template_file_name" text DEFAULT '' NOT NULL,
	"field_mapping" jsonb NOT NULL,
	"last_submitted_at" timestamp with time zone,
	"active_status" boolean DEFAULT true NOT NULL,
	"deleted_status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_submission_sources" ADD CONSTRAINT "order_submission_sources_email_source_id_email_sources_id_fk" FOREIGN KEY ("email_source_id") REFERENCES "public"."email_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_vendor_aliases" ADD CONSTRAINT "order_vendor_aliases_parent_vendor_source_id_order_vendor_sources_id_fk" FOREIGN KEY ("parent_vendor_source_id") REFERENCES "public"."order_vendor_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_vendor_sources" ADD CONSTRAINT "order_vendor_sources_order_submission_source_id_order_submission_sources_id_fk" FOREIGN KEY ("order_submission_source_id") REFERENCES "public"."order_submission_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_vendor_sources" ADD CONSTRAINT "order_vendor_sources_send_from_email_source_id_email_sources_id_fk" FOREIGN KEY ("send_from_email_source_id") REFERENCES "public"."email_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_vendor_sources" ADD CONSTRAINT "order_vendor_sources_submit_file_template_id_stored_files_id_fk" FOREIGN KEY ("submit_file_template_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_settings_next_run_idx" ON "notification_settings" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "order_vendor_aliases_parent_idx" ON "order_vendor_aliases" USING btree ("parent_vendor_source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_vendor_sources_vendor_name_unique" ON "order_vendor_sources" USING btree (lower("vendor_name_from_file")) WHERE "order_vendor_sources"."deleted_status" = false;--> statement-breakpoint
CREATE INDEX "order_vendor_sources_submission_source_idx" ON "order_vendor_sources" USING btree ("order_submission_source_id");