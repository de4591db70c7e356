CREATE TABLE "customer_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"product" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"large" bytea NOT NULL,
	"small" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_pictures" ADD CONSTRAINT "customer_pictures_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_pictures_shown" ON "customer_pictures" USING btree ("channel","status","approved_at");--> statement-breakpoint
CREATE INDEX "customer_pictures_customer" ON "customer_pictures" USING btree ("customer_id");