CREATE TABLE "voucher_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"code" text NOT NULL,
	"cart_id" integer,
	"customer_id" integer,
	"state" text NOT NULL,
	"discount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"order_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_vouchers" ADD COLUMN "amounts" jsonb;--> statement-breakpoint
ALTER TABLE "catalogue_vouchers" ADD COLUMN "min_order" jsonb;--> statement-breakpoint
ALTER TABLE "catalogue_vouchers" ADD COLUMN "max_total" integer;--> statement-breakpoint
ALTER TABLE "catalogue_vouchers" ADD COLUMN "max_per_customer" integer;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_uses_code" ON "voucher_uses" USING btree ("channel","code","state");--> statement-breakpoint
CREATE INDEX "voucher_uses_customer" ON "voucher_uses" USING btree ("customer_id");