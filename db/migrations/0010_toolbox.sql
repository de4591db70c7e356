CREATE TABLE "toolbox_files" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "toolbox_files_expires" ON "toolbox_files" USING btree ("expires_at");