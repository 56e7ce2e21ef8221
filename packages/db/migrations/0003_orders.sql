CREATE TABLE "order_tracking_numbers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"tracking_number" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_tracking_source_id" integer,
	"unique_key" text,
	"account_number" text,
	"brand_name" text,
	"customer_name" text,
	"customer_number" text,
	"customer_po_number" text,
	"document_number" text,
	"estimated_arrival_date" date,
	"item_number" text,
	"item_status" text,
	"line_status" text,
	"notes" text,
	"order_date" date,
	"po_date" date,
	"qty" double precision,
	"qty_fulfilled" double precision,
	"ship_to_name" text,
	"shipped_date" date,
	"supplier_name" text,
	"supplier_order_status" text,
	"shipping_company" text,
	"wildcard1" text,
	"wildcard2" text,
	"active_status" boolean DEFAULT true NOT NULL,
	"deleted_status" boolean DEFAULT false NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_tracking_numbers" ADD CONSTRAINT "order_tracking_numbers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_tracking_source_id_order_tracking_sources_id_fk" FOREIGN KEY ("order_tracking_source_id") REFERENCES "public"."order_tracking_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_tracking_numbers_order_number_idx" ON "order_tracking_numbers" USING btree ("order_id","tracking_number");--> statement-breakpoint
CREATE INDEX "order_tracking_numbers_trgm_idx" ON "order_tracking_numbers" USING gin ("tracking_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_source_key_idx" ON "orders" USING btree ("order_tracking_source_id","unique_key");--> statement-breakpoint
CREATE INDEX "orders_po_trgm_idx" ON "orders" USING gin ("customer_po_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_item_trgm_idx" ON "orders" USING gin ("item_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_ship_to_trgm_idx" ON "orders" USING gin ("ship_to_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_supplier_trgm_idx" ON "orders" USING gin ("supplier_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_brand_trgm_idx" ON "orders" USING gin ("brand_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_live_id_idx" ON "orders" USING btree ("id") WHERE "orders"."deleted_status" = false;--> statement-breakpoint
CREATE INDEX "orders_source_updated_idx" ON "orders" USING btree ("order_tracking_source_id","last_updated");