CREATE TABLE "studio_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"visitor_key" text,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"original_type" text NOT NULL,
	"original_bytes" bigint NOT NULL,
	"screen_type" text NOT NULL,
	"screen_width" integer NOT NULL,
	"screen_height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_photos_owner" CHECK (("studio_photos"."customer_id" is null) <> ("studio_photos"."visitor_key" is null))
);
--> statement-breakpoint
ALTER TABLE "studio_photos" ADD CONSTRAINT "studio_photos_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_photos_customer" ON "studio_photos" USING btree ("customer_id","sha256");--> statement-breakpoint
CREATE INDEX "studio_photos_visitor" ON "studio_photos" USING btree ("visitor_key","sha256");--> statement-breakpoint
CREATE INDEX "studio_photos_used" ON "studio_photos" USING btree ("used_at");