CREATE TABLE "editor_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"space_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "editor_sessions" ADD CONSTRAINT "editor_sessions_space_id_content_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."content_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "editor_sessions_expires" ON "editor_sessions" USING btree ("expires_at");