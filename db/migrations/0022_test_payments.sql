CREATE TABLE "test_payments" (
	"provider_ref" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"captured_minor" integer DEFAULT 0 NOT NULL,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"request" jsonb NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"settle_at" timestamp with time zone,
	"refunds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payments_idempotency_key_unique" UNIQUE("idempotency_key")
);
