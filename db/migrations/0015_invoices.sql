CREATE TABLE "invoice_counters" (
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_channel_kind_year_pk" PRIMARY KEY("channel","kind","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"order_number" text NOT NULL,
	"order_token" text NOT NULL,
	"refund_ref" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"total_minor" integer NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number" ON "invoices" USING btree ("channel","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_sequence" ON "invoices" USING btree ("channel","kind","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_refund" ON "invoices" USING btree ("order_token","kind","refund_ref");--> statement-breakpoint
CREATE INDEX "invoices_order" ON "invoices" USING btree ("order_token");