ALTER TABLE "audit_entries" ADD COLUMN "api_token_public_id" text;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "api_token_name" text;--> statement-breakpoint
CREATE INDEX "audit_entries_token_at_idx" ON "audit_entries" USING btree ("api_token_public_id","at");