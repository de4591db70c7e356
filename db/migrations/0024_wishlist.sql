CREATE TABLE "wishlist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"visitor_key" text,
	"customer_id" integer,
	"theme_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_visitor_theme" ON "wishlist_items" USING btree ("channel","visitor_key","theme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_customer_theme" ON "wishlist_items" USING btree ("channel","customer_id","theme_id");--> statement-breakpoint
CREATE INDEX "wishlist_items_created" ON "wishlist_items" USING btree ("created_at");