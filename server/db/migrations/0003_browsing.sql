CREATE TABLE "browsing_history" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "browsing_history_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_amount" integer NOT NULL,
	"product_type" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_amount_check" CHECK ("cart_lines"."product_amount" >= 1)
);
--> statement-breakpoint
CREATE TABLE "customer_service_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"nickname" text NOT NULL,
	"qrcode_url" text,
	"email" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"discount" numeric(7, 6) DEFAULT 1 NOT NULL,
	"plat_percent" numeric(7, 6) DEFAULT 0 NOT NULL,
	"front_money" numeric(7, 6) DEFAULT 1 NOT NULL,
	"settle_percent" numeric(7, 6) DEFAULT 0 NOT NULL,
	"rate" numeric(10, 6),
	"max_rate" numeric(10, 6),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_single_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_discount_check" CHECK ("shop_settings"."discount" > 0 and "shop_settings"."discount" <= 1),
	CONSTRAINT "shop_settings_plat_check" CHECK ("shop_settings"."plat_percent" >= 0 and "shop_settings"."plat_percent" <= 1),
	CONSTRAINT "shop_settings_front_check" CHECK ("shop_settings"."front_money" > 0 and "shop_settings"."front_money" <= 1),
	CONSTRAINT "shop_settings_settle_check" CHECK ("shop_settings"."settle_percent" >= 0 and "shop_settings"."settle_percent" <= 1),
	CONSTRAINT "shop_settings_rate_check" CHECK ("shop_settings"."rate" is null or "shop_settings"."rate" > 0),
	CONSTRAINT "shop_settings_max_rate_check" CHECK ("shop_settings"."max_rate" is null or "shop_settings"."max_rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "browsing_history" ADD CONSTRAINT "browsing_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "browsing_history" ADD CONSTRAINT "browsing_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "browsing_history_user_viewed_idx" ON "browsing_history" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_user_product_idx" ON "cart_lines" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_product_idx" ON "favourites" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "favourites_user_created_idx" ON "favourites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "products_item_no_lower_idx" ON "products" USING btree (lower("item_no"));--> statement-breakpoint
INSERT INTO "shop_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;