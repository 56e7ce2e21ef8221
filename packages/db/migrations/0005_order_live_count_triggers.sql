-- Keeps order_live_counts equal to the number of orders with deleted_status = false, in the same
-- transaction as the change, so the unfiltered order grid reads an exact total without count(*).
-- INSERT and DELETE use statement-level triggers with transition tables (one counter write per
-- statement, however many rows); UPDATE uses a row-level trigger that fires only when deleted_status
-- really changes (soft delete, undelete), so ordinary updates cost nothing. Each backend writes to its
-- own slot (pid % 16), so concurrent imports rarely wait on the same counter row.
CREATE OR REPLACE FUNCTION order_live_counts_add(delta bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF delta <> 0 THEN
    INSERT INTO order_live_counts AS c (slot, live) VALUES (pg_backend_pid() % 16, delta)
    ON CONFLICT (slot) DO UPDATE SET live = c.live + EXCLUDED.live;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_live_count_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_live_counts_add((SELECT count(*) FROM inserted_orders WHERE NOT deleted_status));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_live_count_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_live_counts_add(-(SELECT count(*) FROM deleted_orders WHERE NOT deleted_status));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_live_count_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_live_counts_add(CASE WHEN NEW.deleted_status THEN -1 ELSE 1 END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_live_count_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_live_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_live_count_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS inserted_orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_live_count_on_insert();
--> statement-breakpoint
CREATE TRIGGER orders_live_count_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS deleted_orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_live_count_on_delete();
--> statement-breakpoint
CREATE TRIGGER orders_live_count_update AFTER UPDATE OF deleted_status ON orders
  FOR EACH ROW WHEN (OLD.deleted_status IS DISTINCT FROM NEW.deleted_status)
  EXECUTE FUNCTION orders_live_count_on_update();
--> statement-breakpoint
CREATE TRIGGER orders_live_count_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_live_count_on_truncate();
--> statement-breakpoint
-- Orders already there when this migration runs.
INSERT INTO order_live_counts (slot, live) SELECT 0, count(*) FROM orders WHERE NOT deleted_status;
