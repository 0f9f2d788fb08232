CREATE TABLE "alert_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "package_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"variants" jsonb NOT NULL,
	"source_bytes" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_photos_size_check" CHECK ("package_photos"."width" > 0 and "package_photos"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_alerts" ADD CONSTRAINT "product_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_alerts" ADD CONSTRAINT "product_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_photos" ADD CONSTRAINT "package_photos_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_photos" ADD CONSTRAINT "package_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_outbox_pending_idx" ON "alert_outbox" USING btree ("id") WHERE "alert_outbox"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "product_alerts_user_product_idx" ON "product_alerts" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "product_alerts_product_idx" ON "product_alerts" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_alerts_user_created_idx" ON "product_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "package_photos_package_idx" ON "package_photos" USING btree ("package_id");--> statement-breakpoint
-- The alerts' outbox: a product that may have become orderable, in the transaction that changed it,
-- only when someone waits for it or for a product with its JAN. The notice reaches the servers on commit.
CREATE FUNCTION "alert_outbox_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 1 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NOT (OLD.status <> 1 OR (OLD.stock = 0 AND NEW.stock > 0)) THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM product_alerts a WHERE a.product_id = NEW.id)
    OR (NEW.jan_code IS NOT NULL AND EXISTS (
      SELECT 1 FROM product_alerts a JOIN products p ON p.id = a.product_id
      WHERE p.jan_code = NEW.jan_code AND p.id <> NEW.id)) THEN
    INSERT INTO alert_outbox (product_id) VALUES (NEW.id);
    PERFORM pg_notify('yoyaku_alerts', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_alert_outbox" AFTER INSERT OR UPDATE OF status, stock ON "products"
  FOR EACH ROW EXECUTE FUNCTION "alert_outbox_write"();
