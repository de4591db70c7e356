CREATE TABLE "rum_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"value" double precision,
	"rating" text,
	"source" text,
	"line" integer,
	"column" integer,
	"device" text NOT NULL,
	"path" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rum_events_received" ON "rum_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "rum_events_type_name" ON "rum_events" USING btree ("type","name");