CREATE TABLE "catalogue_articles" (
	"channel" text NOT NULL,
	"article" text NOT NULL,
	"kind" text NOT NULL,
	"product_type" text NOT NULL,
	"format" text,
	"format_group" text,
	"attributes" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_articles_channel_article_pk" PRIMARY KEY("channel","article")
);
--> statement-breakpoint
CREATE TABLE "catalogue_design_groups" (
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"id" integer NOT NULL,
	"set_id" integer,
	"name" text NOT NULL,
	"attributes" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_design_groups_channel_kind_id_pk" PRIMARY KEY("channel","kind","id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_prices" (
	"channel" text NOT NULL,
	"article" text NOT NULL,
	"country" text NOT NULL,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"price_current" integer NOT NULL,
	"price_original" integer,
	CONSTRAINT "catalogue_prices_channel_article_country_min_quantity_pk" PRIMARY KEY("channel","article","country","min_quantity")
);
--> statement-breakpoint
CREATE TABLE "catalogue_shipping" (
	"channel" text NOT NULL,
	"country" text NOT NULL,
	"method" text NOT NULL,
	"price_minor" integer NOT NULL,
	"free_from_minor" integer,
	"days_min" integer NOT NULL,
	"days_max" integer NOT NULL,
	CONSTRAINT "catalogue_shipping_channel_country_method_pk" PRIMARY KEY("channel","country","method")
);
--> statement-breakpoint
CREATE TABLE "catalogue_sku_containers" (
	"channel" text NOT NULL,
	"sku" text NOT NULL,
	"articles" jsonb NOT NULL,
	"attributes" jsonb NOT NULL,
	CONSTRAINT "catalogue_sku_containers_channel_sku_pk" PRIMARY KEY("channel","sku")
);
--> statement-breakpoint
CREATE TABLE "catalogue_themes" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"product_type" text NOT NULL,
	"occasion" text NOT NULL,
	"category" text NOT NULL,
	"color" text NOT NULL,
	"style" text NOT NULL,
	"aspect_ratio" text NOT NULL,
	"label" text,
	"product" text NOT NULL,
	"punching" text NOT NULL,
	"format" text NOT NULL,
	"article" text NOT NULL,
	"popularity" integer NOT NULL,
	"status" text NOT NULL,
	"names" jsonb NOT NULL,
	"palette" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_vouchers" (
	"channel" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"countries" jsonb NOT NULL,
	"percent" integer,
	"value_minor" integer,
	"min_order_minor" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	CONSTRAINT "catalogue_vouchers_channel_code_pk" PRIMARY KEY("channel","code")
);
--> statement-breakpoint
CREATE INDEX "catalogue_articles_kind_idx" ON "catalogue_articles" USING btree ("channel","kind");--> statement-breakpoint
CREATE INDEX "catalogue_themes_list_idx" ON "catalogue_themes" USING btree ("channel","status","occasion");