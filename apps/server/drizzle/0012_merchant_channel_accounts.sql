CREATE TABLE "merchant_channel_accounts" (
	"merchant_no" text PRIMARY KEY NOT NULL,
	"wechat_sub_mchid" text,
	"alipay_smid" text,
	"alipay_app_auth_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_channel_accounts" ADD CONSTRAINT "merchant_channel_accounts_merchant_no_merchants_mch_no_fk" FOREIGN KEY ("merchant_no") REFERENCES "public"."merchants"("mch_no") ON DELETE no action ON UPDATE no action;