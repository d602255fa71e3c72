CREATE TABLE "code_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "code_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"batch_no" text NOT NULL,
	"count" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_batches_batch_no_unique" UNIQUE("batch_no")
);
--> statement-breakpoint
CREATE TABLE "payment_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"code_no" text NOT NULL,
	"status" text DEFAULT 'UNBOUND' NOT NULL,
	"merchant_id" integer,
	"fixed_amount_fen" integer,
	"label" text,
	"bound_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_codes_code_no_unique" UNIQUE("code_no")
);
--> statement-breakpoint
CREATE TABLE "ledger_balances" (
	"account" text PRIMARY KEY NOT NULL,
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint NOT NULL,
	"account" text NOT NULL,
	"amount_fen" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"ref_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_day_stats" (
	"company_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"fee_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"fee_refunded_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_stats_company_id_day_merchant_id_channel_status_pk" PRIMARY KEY("company_id","day","merchant_id","channel","status")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refund_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"amount_fen" bigint NOT NULL,
	"fee_refund_fen" bigint NOT NULL,
	"reason" text NOT NULL,
	"fail_reason" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "refunds_refund_no_unique" UNIQUE("refund_no")
);
--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_codes" ADD CONSTRAINT "payment_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_codes" ADD CONSTRAINT "payment_codes_batch_id_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."code_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_codes" ADD CONSTRAINT "payment_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_code_id_payment_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."payment_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_batches_company_idx" ON "code_batches" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_codes_batch_idx" ON "payment_codes" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "payment_codes_company_idx" ON "payment_codes" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_codes_merchant_idx" ON "payment_codes" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_ref_idx" ON "ledger_transactions" USING btree ("ref_no","kind");--> statement-breakpoint
CREATE INDEX "order_day_stats_merchant_idx" ON "order_day_stats" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("code_no","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_company_id_idx" ON "orders" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_merchant_id_idx" ON "orders" USING btree ("merchant_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_company_paid_idx" ON "orders" USING btree ("company_id","paid_at");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("created_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_idx" ON "refunds" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_processing_idx" ON "refunds" USING btree ("created_at") WHERE status = 'PROCESSING';