ALTER TABLE "catalogue_vouchers" ADD COLUMN "order_id" integer;--> statement-breakpoint
CREATE INDEX "catalogue_vouchers_order" ON "catalogue_vouchers" USING btree ("order_id");