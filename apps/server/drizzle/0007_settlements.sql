CREATE TABLE "settlement_runs" (
	"settle_date" date PRIMARY KEY NOT NULL,
	"settled" integer NOT NULL,
	"failed" integer NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"settle_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"settle_date" date NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"trade_count" integer NOT NULL,
	"trade_fen" bigint NOT NULL,
	"refund_count" integer NOT NULL,
	"refund_fen" bigint NOT NULL,
	"fee_fen" bigint NOT NULL,
	"split_fen" bigint DEFAULT 0 NOT NULL,
	"net_fen" bigint NOT NULL,
	"fail_reason" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "settlements_settle_no_unique" UNIQUE("settle_no")
);
--> statement-breakpoint
DROP INDEX "ledger_entries_account_idx";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "ledger_entries" e SET "created_at" = t."created_at" FROM "ledger_transactions" t WHERE t."id" = e."transaction_id";--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_merchant_day_idx" ON "settlements" USING btree ("merchant_id","settle_date");--> statement-breakpoint
CREATE INDEX "settlements_company_idx" ON "settlements" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "settlements_failed_idx" ON "settlements" USING btree ("settle_date") WHERE status = 'FAILED';--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","created_at");