CREATE TABLE "studio_designs" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"customer_id" integer,
	"visitor_key" text,
	"configuration" jsonb NOT NULL,
	"theme_id" text,
	"document" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"cart_line_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_designs_owner" CHECK (("studio_designs"."customer_id" is null) <> ("studio_designs"."visitor_key" is null))
);
--> statement-breakpoint
ALTER TABLE "studio_designs" ADD CONSTRAINT "studio_designs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_designs" ADD CONSTRAINT "studio_designs_cart_line_id_cart_lines_id_fk" FOREIGN KEY ("cart_line_id") REFERENCES "public"."cart_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_designs_customer" ON "studio_designs" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "studio_designs_visitor" ON "studio_designs" USING btree ("visitor_key");--> statement-breakpoint
CREATE INDEX "studio_designs_updated" ON "studio_designs" USING btree ("updated_at");