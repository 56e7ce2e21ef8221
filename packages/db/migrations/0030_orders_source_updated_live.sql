-- The (source, last updated) index over live orders only: its readers (the stale-order delete, the shipment
-- figures) ask for live orders, and as a full index it was a second way to find an order by source that the
-- planner took for an import's key lookups on a new source, walking every order of that source per row.
DROP INDEX "orders_source_updated_idx";--> statement-breakpoint
CREATE INDEX "orders_source_updated_idx" ON "orders" USING btree ("order_tracking_source_id","last_updated") WHERE "orders"."deleted_status" = false;