CREATE TABLE "split_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "split_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"apply_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"receivers" jsonb NOT NULL,
	"total_ratio" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"reject_reason" text,
	"effective_from" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "split_applications_apply_no_unique" UNIQUE("apply_no")
);
--> statement-breakpoint
ALTER TABLE "split_applications" ADD CONSTRAINT "split_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_applications" ADD CONSTRAINT "split_applications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_applications" ADD CONSTRAINT "split_applications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "split_applications_company_idx" ON "split_applications" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "split_applications_merchant_idx" ON "split_applications" USING btree ("merchant_id","effective_from");