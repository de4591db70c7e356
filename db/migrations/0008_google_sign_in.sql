ALTER TABLE "customers" ADD COLUMN "google_subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_channel_google_subject" ON "customers" USING btree ("channel","google_subject");
