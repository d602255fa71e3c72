CREATE TABLE "statement_downloads" (
	"channel" text NOT NULL,
	"day" date NOT NULL,
	"line_count" integer NOT NULL,
	"net_fen" bigint NOT NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_downloads_channel_day_pk" PRIMARY KEY("channel","day")
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"day" date NOT NULL,
	"order_no" text NOT NULL,
	"refund_no" text,
	"channel_trade_no" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "statement_lines_day_idx" ON "statement_lines" USING btree ("channel","day");