CREATE TABLE "content_last_known" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
