-- Orders, ledger entries and audit rows partitioned by business month (issue 29; docs/operations.md, "Data that
-- grows"). Written by hand: drizzle-kit does not model partitioning. The snapshot (meta/0015_snapshot.json) holds
-- what drizzle models (the composite keys, order_keys, refunds' order_created_at), so a later `generate` finds no
-- difference. Each table is rebuilt: the old one renamed, its rows copied into the partitioned one, then dropped.

-- The bounds of an existing range partition, or nulls.
CREATE FUNCTION mchweb_partition_bounds(part text, OUT lower_bound timestamptz, OUT upper_bound timestamptz)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  b text[];
BEGIN
  SELECT regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \(''([^'']*)''\) TO \(''([^'']*)''\)')
    INTO b FROM pg_class c WHERE c.oid = to_regclass(part);
  lower_bound := b[1]::timestamptz;
  upper_bound := b[2]::timestamptz;
END $$;
--> statement-breakpoint
-- Make the month partitions of orders, ledger_entries and audit_log from first_month to last_month (the months of
-- the business zone tz) that do not exist yet; answers how many it made. Called by this migration and by the
-- partition job (apps/server/src/partition-job.ts) on every node: one caller at a time (an advisory lock held to
-- the end of the transaction), the others then find the partitions made. A month's partition follows on from its
-- neighbours' bounds where they exist (made in another zone: ranges never overlap). Rows that fell into the
-- DEFAULT partition for the month (no partition existed when they were written) are moved into it; that needs the
-- table to itself for a moment, and the foreign keys that reference it dropped and made again around the move.
CREATE FUNCTION mchweb_month_partitions(tz text, first_month date, last_month date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  t record;
  fk record;
  fks text[];
  m date;
  part text;
  lower_bound timestamptz;
  upper_bound timestamptz;
  stray boolean;
  made integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(29002);
  FOR t IN SELECT * FROM (VALUES ('orders', 'created_at'), ('ledger_entries', 'created_at'), ('audit_log', 'at'))
      AS v(name, col) LOOP
    m := date_trunc('month', first_month)::date;
    WHILE m <= last_month LOOP
      part := format('%s_%s', t.name, to_char(m, 'YYYY_MM'));
      IF to_regclass(part) IS NULL THEN
        lower_bound := coalesce(
          (mchweb_partition_bounds(format('%s_%s', t.name, to_char(m - 1, 'YYYY_MM')))).upper_bound,
          m::timestamp AT TIME ZONE tz);
        upper_bound := coalesce(
          (mchweb_partition_bounds(format('%s_%s', t.name, to_char(m + interval '1 month', 'YYYY_MM')))).lower_bound,
          (m + interval '1 month')::timestamp AT TIME ZONE tz);
        IF lower_bound < upper_bound THEN
          EXECUTE format('SELECT exists (SELECT 1 FROM %I WHERE %I >= $1 AND %I < $2)', t.name || '_default', t.col,
            t.col) INTO stray USING lower_bound, upper_bound;
          IF NOT stray THEN
            EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, t.name, lower_bound,
              upper_bound);
          ELSE
            EXECUTE format('LOCK TABLE %I IN ACCESS EXCLUSIVE MODE', t.name);
            fks := '{}';
            FOR fk IN SELECT c.conrelid::regclass AS tbl, c.conname, pg_get_constraintdef(c.oid) AS def
                FROM pg_constraint c WHERE c.contype = 'f' AND c.confrelid = t.name::regclass AND c.conparentid = 0 LOOP
              fks := fks || format('ALTER TABLE %s ADD CONSTRAINT %I %s', fk.tbl, fk.conname, fk.def);
              EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk.tbl, fk.conname);
            END LOOP;
            EXECUTE format('CREATE TEMP TABLE mchweb_moving (LIKE %I) ON COMMIT DROP', t.name);
            EXECUTE format('WITH d AS (DELETE FROM %I WHERE %I >= $1 AND %I < $2 RETURNING *) '
              'INSERT INTO mchweb_moving SELECT * FROM d', t.name || '_default', t.col, t.col)
              USING lower_bound, upper_bound;
            EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, t.name, lower_bound,
              upper_bound);
            EXECUTE format('INSERT INTO %I OVERRIDING SYSTEM VALUE SELECT * FROM mchweb_moving', t.name);
            DROP TABLE mchweb_moving;
            FOR i IN 1 .. coalesce(array_length(fks, 1), 0) LOOP
              EXECUTE fks[i];
            END LOOP;
          END IF;
          made := made + 1;
        END IF;
      END IF;
      m := (m + interval '1 month')::date;
    END LOOP;
  END LOOP;
  RETURN made;
END $$;
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "orders" RENAME TO "orders_unpartitioned";--> statement-breakpoint
ALTER TABLE "orders_unpartitioned" DROP CONSTRAINT "orders_pkey";--> statement-breakpoint
ALTER TABLE "orders_unpartitioned" DROP CONSTRAINT "orders_order_no_unique";--> statement-breakpoint
ALTER TABLE "orders_unpartitioned" DROP CONSTRAINT "orders_company_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "orders_unpartitioned" DROP CONSTRAINT "orders_merchant_id_merchants_id_fk";--> statement-breakpoint
ALTER TABLE "orders_unpartitioned" DROP CONSTRAINT "orders_code_id_payment_codes_id_fk";--> statement-breakpoint
DROP INDEX "orders_idempotency_idx";--> statement-breakpoint
DROP INDEX "orders_company_created_idx";--> statement-breakpoint
DROP INDEX "orders_merchant_created_idx";--> statement-breakpoint
DROP INDEX "orders_company_id_idx";--> statement-breakpoint
DROP INDEX "orders_company_paid_idx";--> statement-breakpoint
DROP INDEX "orders_pending_idx";--> statement-breakpoint
DROP INDEX "orders_pending_expiry_idx";--> statement-breakpoint
ALTER TABLE "orders_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"code_id" integer,
	"code_no" text,
	"label" text,
	"channel" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"amount_fen" bigint NOT NULL,
	"rate_tenths" integer NOT NULL,
	"fee_fen" bigint NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"fee_refunded_fen" bigint DEFAULT 0 NOT NULL,
	"refunding_fen" bigint DEFAULT 0 NOT NULL,
	"fee_refunding_fen" bigint DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"channel_trade_no" text,
	"metadata" jsonb,
	"expires_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "orders_pkey" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "orders_default" PARTITION OF "orders" DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_code_id_payment_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."payment_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_order_no_idx" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_merchant_created_idx" ON "orders" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_company_id_idx" ON "orders" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_company_paid_idx" ON "orders" USING btree ("company_id","paid_at");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("created_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE status = 'PENDING' and expires_at is not null;--> statement-breakpoint
ALTER TABLE "ledger_entries" RENAME TO "ledger_entries_unpartitioned";--> statement-breakpoint
ALTER TABLE "ledger_entries_unpartitioned" DROP CONSTRAINT "ledger_entries_pkey";--> statement-breakpoint
ALTER TABLE "ledger_entries_unpartitioned" DROP CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk";--> statement-breakpoint
DROP INDEX "ledger_entries_tx_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_account_idx";--> statement-breakpoint
ALTER TABLE "ledger_entries_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint NOT NULL,
	"account" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_pkey" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "ledger_entries_default" PARTITION OF "ledger_entries" DEFAULT;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","created_at");--> statement-breakpoint
ALTER TABLE "audit_log" RENAME TO "audit_log_unpartitioned";--> statement-breakpoint
ALTER TABLE "audit_log_unpartitioned" DROP CONSTRAINT "audit_log_pkey";--> statement-breakpoint
DROP INDEX "audit_log_company_idx";--> statement-breakpoint
ALTER TABLE "audit_log_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer,
	"user_id" integer,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"detail" jsonb,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_pkey" PRIMARY KEY("id","at")
) PARTITION BY RANGE ("at");--> statement-breakpoint
CREATE TABLE "audit_log_default" PARTITION OF "audit_log" DEFAULT;--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","id");--> statement-breakpoint
-- Months from the oldest row's to two after this one, in the business zone (stored by the first start; a new
-- database's first start then stores the zone it is configured with, and the job's later months follow on).
SELECT mchweb_month_partitions(z.tz, least(o.first, now()::date), (now() + interval '3 months')::date)
FROM (SELECT coalesce((SELECT value FROM platform_settings WHERE name = 'time_zone'), 'Asia/Shanghai') AS tz) z,
  LATERAL (SELECT (least(
    (SELECT min(created_at) FROM orders_unpartitioned),
    (SELECT min(created_at) FROM ledger_entries_unpartitioned),
    (SELECT min(at) FROM audit_log_unpartitioned)) AT TIME ZONE z.tz)::date AS first) o;--> statement-breakpoint
INSERT INTO "orders" ("id", "order_no", "company_id", "merchant_id", "code_id", "code_no", "label", "channel", "status",
  "amount_fen", "rate_tenths", "fee_fen", "refunded_fen", "fee_refunded_fen", "refunding_fen", "fee_refunding_fen",
  "idempotency_key", "request_hash", "channel_trade_no", "metadata", "expires_at", "created_at", "paid_at", "closed_at")
OVERRIDING SYSTEM VALUE
SELECT "id", "order_no", "company_id", "merchant_id", "code_id", "code_no", "label", "channel", "status",
  "amount_fen", "rate_tenths", "fee_fen", "refunded_fen", "fee_refunded_fen", "refunding_fen", "fee_refunding_fen",
  "idempotency_key", "request_hash", "channel_trade_no", "metadata", "expires_at", "created_at", "paid_at", "closed_at"
FROM "orders_unpartitioned";--> statement-breakpoint
INSERT INTO "ledger_entries" ("id", "transaction_id", "account", "amount_fen", "created_at") OVERRIDING SYSTEM VALUE
SELECT "id", "transaction_id", "account", "amount_fen", "created_at" FROM "ledger_entries_unpartitioned";--> statement-breakpoint
INSERT INTO "audit_log" ("id", "company_id", "user_id", "action", "target_type", "target_id", "detail", "ip", "at")
OVERRIDING SYSTEM VALUE
SELECT "id", "company_id", "user_id", "action", "target_type", "target_id", "detail", "ip", "at"
FROM "audit_log_unpartitioned";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('orders', 'id'), coalesce((SELECT max(id) FROM orders), 0) + 1, false);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('ledger_entries', 'id'), coalesce((SELECT max(id) FROM ledger_entries), 0) + 1, false);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('audit_log', 'id'), coalesce((SELECT max(id) FROM audit_log), 0) + 1, false);--> statement-breakpoint
DROP TABLE "orders_unpartitioned";--> statement-breakpoint
DROP TABLE "ledger_entries_unpartitioned";--> statement-breakpoint
DROP TABLE "audit_log_unpartitioned";--> statement-breakpoint
CREATE TABLE "order_keys" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"order_no" text NOT NULL,
	"code_no" text,
	"idempotency_key" text NOT NULL,
	CONSTRAINT "order_keys_order_no_unique" UNIQUE("order_no")
);--> statement-breakpoint
INSERT INTO "order_keys" ("order_id", "created_at", "order_no", "code_no", "idempotency_key")
SELECT "id", "created_at", "order_no", "code_no", "idempotency_key" FROM "orders";--> statement-breakpoint
CREATE UNIQUE INDEX "order_keys_idempotency_idx" ON "order_keys" USING btree ("code_no","idempotency_key");--> statement-breakpoint
ALTER TABLE "order_keys" ADD CONSTRAINT "order_keys_order_fk" FOREIGN KEY ("order_id","created_at") REFERENCES "public"."orders"("id","created_at") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "order_created_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "refunds" r SET "order_created_at" = o."created_at" FROM "orders" o WHERE o."id" = r."order_id";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "order_created_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_fk" FOREIGN KEY ("order_id","order_created_at") REFERENCES "public"."orders"("id","created_at") ON DELETE no action ON UPDATE cascade;
