CREATE TABLE "order_live_counts" (
	"slot" integer PRIMARY KEY NOT NULL,
	"live" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "orders_sort_last_updated_idx" ON "orders" USING btree ("last_updated","id") WHERE "orders"."deleted_status" = false;--> statement-breakpoint
CREATE INDEX "orders_sort_order_date_idx" ON "orders" USING btree ("order_date","id") WHERE "orders"."deleted_status" = false;--> statement-breakpoint
CREATE INDEX "orders_sort_shipped_date_idx" ON "orders" USING btree ("shipped_date","id") WHERE "orders"."deleted_status" = false;--> statement-breakpoint
CREATE INDEX "orders_sort_eta_idx" ON "orders" USING btree ("estimated_arrival_date","id") WHERE "orders"."deleted_status" = false;--> statement-breakpoint
CREATE INDEX "orders_sort_po_number_idx" ON "orders" USING btree ("customer_po_number","id") WHERE "orders"."deleted_status" = false;--> statement-breakpoint
CREATE INDEX "orders_sort_item_number_idx" ON "orders" USING btree ("item_number","id") WHERE "orders"."deleted_status" = false;--> statement-breakpoint
CREATE INDEX "orders_sort_ship_to_idx" ON "orders" USING btree ("ship_to_name","id") WHERE "orders"."deleted_status" = false;--> statement-breakpoint
CREATE INDEX "orders_sort_supplier_idx" ON "orders" USING btree ("supplier_name","id") WHERE "orders"."deleted_status" = false;--> statement-breakpoint
CREATE INDEX "orders_sort_brand_idx" ON "orders" USING btree ("brand_name","id") WHERE "orders"."deleted_status" = false;--> statement-breakpoint
CREATE INDEX "orders_sort_customer_name_idx" ON "orders" USING btree ("customer_name","id") WHERE "orders"."deleted_status" = false;--> statement-breakpoint
CREATE INDEX "orders_sort_source_idx" ON "orders" USING btree ("order_tracking_source_id","id") WHERE "orders"."deleted_status" = false;