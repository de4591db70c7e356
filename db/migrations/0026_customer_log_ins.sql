CREATE TABLE "customer_log_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"method" text NOT NULL,
	"network" text NOT NULL,
	"browser" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_log_ins" ADD CONSTRAINT "customer_log_ins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_log_ins_customer" ON "customer_log_ins" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_log_ins_created" ON "customer_log_ins" USING btree ("created_at");