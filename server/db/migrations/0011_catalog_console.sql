CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"jp_name" text,
	"en_name" text,
	"logo_media_id" integer,
	"logo" jsonb,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text NOT NULL,
	"variants" jsonb NOT NULL,
	"source_bytes" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_size_check" CHECK ("media"."width" > 0 and "media"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "permissions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_g" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "jp_description" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "en_description" text;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_logo_media_id_media_id_fk" FOREIGN KEY ("logo_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brands_sort_idx" ON "brands" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "brands_name_lower_idx" ON "brands" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_check" CHECK ("products"."weight_g" is null or "products"."weight_g" between 1 and 100000);--> statement-breakpoint
-- The makers named on products become brands (backoffice §2): one brand per distinct name, linked.
INSERT INTO "brands" ("name", "jp_name", "en_name", "sort")
SELECT m, m, m, row_number() OVER (ORDER BY m) FROM (SELECT DISTINCT btrim("manufacturer") AS m FROM "products" WHERE btrim(coalesce("manufacturer", '')) <> '') AS makers;--> statement-breakpoint
UPDATE "products" p SET "brand_id" = b."id" FROM "brands" b WHERE b."name" = btrim(p."manufacturer");--> statement-breakpoint
-- Operators who existed before permissions (the first operator) keep every room.
UPDATE "users" SET "permissions" = '["catalog","content","customers","orders","warehouse","payments","settings","staff","audit"]'::jsonb WHERE "kind" = 'operator';
