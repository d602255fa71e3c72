CREATE SEQUENCE "public"."merchant_no_seq" INCREMENT BY 1 MINVALUE 100001001 MAXVALUE 9223372036854775807 START WITH 100001001 CACHE 1;--> statement-breakpoint
CREATE TABLE "merchant_channel_rates" (
	"merchant_id" integer NOT NULL,
	"channel" text NOT NULL,
	"rate_tenths" integer NOT NULL,
	CONSTRAINT "merchant_channel_rates_merchant_id_channel_pk" PRIMARY KEY("merchant_id","channel")
);
--> statement-breakpoint
CREATE TABLE "merchant_status_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"user_id" integer,
	"system" text,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"event" text NOT NULL,
	"actor_kind" text NOT NULL,
	"user_id" integer,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"apply_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"source" text NOT NULL,
	"invite_no" text,
	"draft" jsonb NOT NULL,
	"subject_type" text,
	"subject_name" text,
	"subject_short_name" text,
	"reject_reason" text,
	"mch_no" text,
	"created_by" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "applications_apply_no_unique" UNIQUE("apply_no"),
	CONSTRAINT "applications_invite_no_unique" UNIQUE("invite_no")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invite_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"apply_no" text,
	CONSTRAINT "invitations_invite_no_unique" UNIQUE("invite_no")
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "category" text DEFAULT 'OTHER' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "apply_no" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "credit_code" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "legal_person_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "service_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "account_type" text DEFAULT 'CORPORATE' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "bank_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "branch_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "account_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "account_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_channel_rates" ADD CONSTRAINT "merchant_channel_rates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_status_changes" ADD CONSTRAINT "merchant_status_changes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_status_changes" ADD CONSTRAINT "merchant_status_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_status_changes_merchant_idx" ON "merchant_status_changes" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "application_events_application_idx" ON "application_events" USING btree ("application_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_company_key_idx" ON "applications" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "applications_company_id_idx" ON "applications" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_status_submitted_idx" ON "applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "invitations_company_id_idx" ON "invitations" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "merchants_company_id_idx" ON "merchants" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_apply_no_unique" UNIQUE("apply_no");