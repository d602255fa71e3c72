CREATE TABLE "statement_runs" (
	"channel" text NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"gave_up_at" timestamp with time zone,
	"reconciled_at" timestamp with time zone,
	"differences" integer,
	CONSTRAINT "statement_runs_channel_day_pk" PRIMARY KEY("channel","day")
);
