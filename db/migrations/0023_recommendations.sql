CREATE TABLE "recommendations" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"locale" text NOT NULL,
	"friend_hash" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_email" text NOT NULL,
	"friend_code" text NOT NULL,
	"sender_code" text,
	"reward_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rewarded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "catalogue_vouchers" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "recommendations_friend" ON "recommendations" USING btree ("channel","friend_hash");