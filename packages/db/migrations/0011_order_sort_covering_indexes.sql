DROP INDEX "orders_sort_supplier_idx";--> statement-breakpoint
DROP INDEX "orders_sort_brand_idx";--> statement-breakpoint
CREATE INDEX "orders_sort_supplier_idx" ON "orders" USING btree ("supplier_name","id","order_date","last_updated","brand_name") WHERE "orders"."deleted_status" = false;--> statement-breakpoint
CREATE INDEX "orders_sort_brand_idx" ON "orders" USING btree ("brand_name","id","order_date","last_updated") WHERE "orders"."deleted_status" = false;