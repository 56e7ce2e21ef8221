-- The order tracking grid's column order, saved with the column settings (docs/behaviour/order-tracking.md#column-order).
-- [] means the spec's order, so rows saved before keep the grid as it was.
ALTER TABLE "order_tracking_view_settings" ADD COLUMN "column_order" jsonb DEFAULT '[]'::jsonb NOT NULL;