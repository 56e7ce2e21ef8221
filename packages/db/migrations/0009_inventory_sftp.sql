CREATE TABLE "inventory_sftp_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"remote_path" text NOT NULL,
	"size" bigint NOT NULL,
	"modified_at" timestamp with time zone NOT NULL,
	"run_id" bigint,
	"moved_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_sftp_states" (
	"source_id" integer PRIMARY KEY NOT NULL,
	"last_poll_at" timestamp with time zone,
	"last_poll_succeeded_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "inventory_sftp_files" ADD CONSTRAINT "inventory_sftp_files_source_id_inventory_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."inventory_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_sftp_states" ADD CONSTRAINT "inventory_sftp_states_source_id_inventory_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."inventory_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_sftp_files_identity_idx" ON "inventory_sftp_files" USING btree ("source_id","remote_path","size","modified_at");