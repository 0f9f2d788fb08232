CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"jp_name" text,
	"en_name" text,
	"content" text,
	"jp_content" text,
	"en_content" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"name" text NOT NULL,
	"jp_name" text,
	"en_name" text,
	"content" text,
	"jp_content" text,
	"en_content" text,
	"footer_sort" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"img_url" text NOT NULL,
	"jump_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"jp_name" text,
	"en_name" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_no" varchar(32) NOT NULL,
	"jan_code" varchar(13),
	"box_barcode" varchar(32),
	"product_name" text NOT NULL,
	"jp_product_name" text,
	"en_product_name" text,
	"type" smallint NOT NULL,
	"category_id" integer,
	"series_id" integer,
	"img_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sell_time" date,
	"pre_sell_end_time" timestamp with time zone,
	"release_date" date,
	"manufacturer" text,
	"cn_alone_price" integer NOT NULL,
	"cn_batch_price" integer NOT NULL,
	"jp_alone_price" integer NOT NULL,
	"jp_batch_price" integer NOT NULL,
	"en_alone_price" integer NOT NULL,
	"en_batch_price" integer NOT NULL,
	"is_discount" boolean DEFAULT false NOT NULL,
	"is_front" boolean DEFAULT false NOT NULL,
	"box_in" integer DEFAULT 1 NOT NULL,
	"order_base" integer DEFAULT 1 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"hot_rank" integer,
	"new_rank" integer,
	"recommend_rank" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_type_check" CHECK ("products"."type" between 1 and 9),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_box_in_check" CHECK ("products"."box_in" >= 1),
	CONSTRAINT "products_order_base_check" CHECK ("products"."order_base" >= 1),
	CONSTRAINT "products_status_check" CHECK ("products"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"jp_name" text,
	"en_name" text,
	"hot_rank" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"nickname" text NOT NULL,
	"kind" text DEFAULT 'customer' NOT NULL,
	"role" smallint,
	"language" varchar(8) DEFAULT 'zhCn' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_kind_check" CHECK ("users"."kind" in ('customer', 'operator'))
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_footer_idx" ON "articles" USING btree ("footer_sort") WHERE "articles"."footer_sort" is not null;--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "products_item_no_idx" ON "products" USING btree ("item_no");--> statement-breakpoint
CREATE INDEX "products_jan_code_idx" ON "products" USING btree ("jan_code");--> statement-breakpoint
CREATE INDEX "products_type_idx" ON "products" USING btree ("type");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_series_idx" ON "products" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "products_hot_rank_idx" ON "products" USING btree ("hot_rank") WHERE "products"."hot_rank" is not null;--> statement-breakpoint
CREATE INDEX "products_new_rank_idx" ON "products" USING btree ("new_rank") WHERE "products"."new_rank" is not null;--> statement-breakpoint
CREATE INDEX "products_recommend_rank_idx" ON "products" USING btree ("recommend_rank") WHERE "products"."recommend_rank" is not null;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_jp_name_trgm_idx" ON "products" USING gin ("jp_product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_en_name_trgm_idx" ON "products" USING gin ("en_product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "series_hot_rank_idx" ON "series" USING btree ("hot_rank") WHERE "series"."hot_rank" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");