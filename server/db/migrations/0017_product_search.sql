CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"status" smallint NOT NULL,
	"type" smallint NOT NULL,
	"category_id" integer,
	"series_id" integer,
	"brand_id" integer,
	"names" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by the database itself: every insert, and every update of a searched column, of a product.
CREATE FUNCTION "product_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "product_search" ("product_id", "status", "type", "category_id", "series_id", "brand_id", "names")
	VALUES (NEW."id", NEW."status", NEW."type", NEW."category_id", NEW."series_id", NEW."brand_id",
		lower(NEW."product_name" || E'\n' || coalesce(NEW."jp_product_name", '') || E'\n' || coalesce(NEW."en_product_name", '')))
	ON CONFLICT ("product_id") DO UPDATE SET
		"status" = EXCLUDED."status", "type" = EXCLUDED."type", "category_id" = EXCLUDED."category_id",
		"series_id" = EXCLUDED."series_id", "brand_id" = EXCLUDED."brand_id", "names" = EXCLUDED."names";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_search_sync" AFTER INSERT OR UPDATE OF "status", "type", "category_id", "series_id", "brand_id", "product_name", "jp_product_name", "en_product_name" ON "products" FOR EACH ROW EXECUTE FUNCTION "product_search_sync"();--> statement-breakpoint
INSERT INTO "product_search" ("product_id", "status", "type", "category_id", "series_id", "brand_id", "names")
SELECT "id", "status", "type", "category_id", "series_id", "brand_id",
	lower("product_name" || E'\n' || coalesce("jp_product_name", '') || E'\n' || coalesce("en_product_name", ''))
FROM "products";--> statement-breakpoint
CREATE INDEX "product_search_names_trgm_idx" ON "product_search" USING gin ("names" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_search_chars_idx" ON "product_search" USING gin (regexp_split_to_array("names", ''));
