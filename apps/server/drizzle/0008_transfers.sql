CREATE TABLE "payee_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payee_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"account_no" text NOT NULL,
	"bank_name" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transfer_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"fail_reason" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "transfers_transfer_no_unique" UNIQUE("transfer_no")
);
--> statement-breakpoint
ALTER TABLE "payee_accounts" ADD CONSTRAINT "payee_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_accounts" ADD CONSTRAINT "payee_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_account_id_payee_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."payee_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payee_accounts_company_idx" ON "payee_accounts" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_idempotency_idx" ON "transfers" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "transfers_company_idx" ON "transfers" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transfers_merchant_day_idx" ON "transfers" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_processing_idx" ON "transfers" USING btree ("created_at") WHERE status = 'PROCESSING';