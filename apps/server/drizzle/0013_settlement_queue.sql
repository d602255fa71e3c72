ALTER TABLE "settlement_runs" ALTER COLUMN "finished_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "settlement_runs" ALTER COLUMN "finished_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_runs" ADD COLUMN "merchants" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_runs" ADD COLUMN "started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_runs" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlement_runs" ADD COLUMN "differences" integer;--> statement-breakpoint
-- Runs from before the queue started and finished at once.
UPDATE "settlement_runs" SET "started_at" = "finished_at" WHERE "finished_at" IS NOT NULL;