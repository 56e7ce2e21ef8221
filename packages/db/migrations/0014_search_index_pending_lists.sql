-- Same indexes, larger pending lists (see GIN_PENDING_LIST_KB in schema.ts): ALTER, not a rebuild.
ALTER INDEX "order_tracking_numbers_trgm_idx" SET (gin_pending_list_limit = 65536);--> statement-breakpoint
ALTER INDEX "orders_po_trgm_idx" SET (gin_pending_list_limit = 65536);--> statement-breakpoint
ALTER INDEX "orders_item_trgm_idx" SET (gin_pending_list_limit = 65536);--> statement-breakpoint
ALTER INDEX "orders_ship_to_trgm_idx" SET (gin_pending_list_limit = 65536);--> statement-breakpoint
ALTER INDEX "orders_supplier_trgm_idx" SET (gin_pending_list_limit = 65536);--> statement-breakpoint
ALTER INDEX "orders_brand_trgm_idx" SET (gin_pending_list_limit = 65536);
