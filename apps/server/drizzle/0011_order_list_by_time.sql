DROP INDEX "orders_merchant_id_idx";--> statement-breakpoint
DROP INDEX "orders_merchant_status_id_idx";--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_merchant_created_idx" ON "orders" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);