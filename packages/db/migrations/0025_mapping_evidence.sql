CREATE TABLE "mapping_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"field" text NOT NULL,
	"header" text NOT NULL,
	"origin" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mapping_evidence_source_field_key" ON "mapping_evidence" USING btree ("kind","source_id","field");--> statement-breakpoint
CREATE INDEX "mapping_evidence_kind_header_idx" ON "mapping_evidence" USING btree ("kind","header");