CREATE TABLE "inventory_item_snapshots" (
	"source_id" integer NOT NULL,
	"run_id" bigint NOT NULL,
	"item_number" text NOT NULL,
	"quantity" double precision NOT NULL,
	"captured_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_item_states" (
	"source_id" integer NOT NULL,
	"item_number" text NOT NULL,
	"status" text NOT NULL,
	"status_since" timestamp with time zone NOT NULL,
	"last_quantity" double precision,
	"last_run_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_item_states_source_id_item_number_pk" PRIMARY KEY("source_id","item_number")
);
--> statement-breakpoint
CREATE INDEX "inventory_item_snapshots_item_idx" ON "inventory_item_snapshots" USING btree ("source_id","item_number","captured_at");--> statement-breakpoint
CREATE INDEX "inventory_item_snapshots_run_idx" ON "inventory_item_snapshots" USING btree ("run_id");