CREATE TABLE "content_release_stories" (
	"release_id" integer NOT NULL,
	"story_id" integer NOT NULL,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_release_stories_release_id_story_id_pk" PRIMARY KEY("release_id","story_id")
);
--> statement-breakpoint
CREATE TABLE "content_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"space_id" integer NOT NULL,
	"name" text NOT NULL,
	"release_at" timestamp with time zone,
	"released" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_releases_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "content_spaces" (
	"id" integer PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"cv" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_spaces_channel_unique" UNIQUE("channel")
);
--> statement-breakpoint
CREATE TABLE "content_stories" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"space_id" integer NOT NULL,
	"parent_id" integer,
	"is_folder" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"full_slug" text NOT NULL,
	"group_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"content" jsonb,
	"published_content" jsonb,
	"published" boolean DEFAULT false NOT NULL,
	"unpublished_changes" boolean DEFAULT false NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_startpage" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"target" text,
	"status" integer,
	"source_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"first_published_at" timestamp with time zone,
	CONSTRAINT "content_stories_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "content_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"space_id" integer,
	"access" text NOT NULL,
	"token_hash" text NOT NULL,
	"token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "content_release_stories" ADD CONSTRAINT "content_release_stories_release_id_content_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."content_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_release_stories" ADD CONSTRAINT "content_release_stories_story_id_content_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."content_stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_releases" ADD CONSTRAINT "content_releases_space_id_content_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."content_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_stories" ADD CONSTRAINT "content_stories_space_id_content_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."content_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_tokens" ADD CONSTRAINT "content_tokens_space_id_content_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."content_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_stories_space_full_slug" ON "content_stories" USING btree ("space_id","full_slug");--> statement-breakpoint
CREATE INDEX "content_stories_space_group" ON "content_stories" USING btree ("space_id","group_id");--> statement-breakpoint
CREATE INDEX "content_stories_parent" ON "content_stories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "content_tokens_space_access" ON "content_tokens" USING btree ("space_id","access");