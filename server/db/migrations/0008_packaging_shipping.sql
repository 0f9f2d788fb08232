CREATE TABLE "package_applies" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"address" jsonb NOT NULL,
	"shipping_method_id" integer,
	"remark" text,
	"picked_at" timestamp with time zone,
	"packed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_apply_orders" (
	"apply_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	CONSTRAINT "package_apply_orders_apply_id_order_id_pk" PRIMARY KEY("apply_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "package_lines" (
	"package_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"requested" integer NOT NULL,
	"actual" integer NOT NULL,
	"remark" text,
	CONSTRAINT "package_lines_package_id_order_line_id_pk" PRIMARY KEY("package_id","order_line_id"),
	CONSTRAINT "package_lines_quantity_check" CHECK ("package_lines"."actual" >= 0 and "package_lines"."requested" >= 1)
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"apply_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"package_no" varchar(32) NOT NULL,
	"status" smallint NOT NULL,
	"weight_g" integer NOT NULL,
	"length_mm" integer NOT NULL,
	"width_mm" integer NOT NULL,
	"height_mm" integer NOT NULL,
	"billed_weight_g" integer NOT NULL,
	"amount" integer NOT NULL,
	"packed_at" timestamp with time zone NOT NULL,
	"packed_on" date NOT NULL,
	"shipping_method_id" integer,
	"shipping_cost" integer,
	"payment_id" varchar(40),
	"carrier" text,
	"tracking_no" varchar(32),
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_size_check" CHECK ("packages"."weight_g" > 0 and "packages"."length_mm" > 0 and "packages"."width_mm" > 0 and "packages"."height_mm" > 0 and "packages"."billed_weight_g" >= "packages"."weight_g" and "packages"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_destinations" (
	"method_id" integer NOT NULL,
	"country" text NOT NULL,
	"zone" smallint NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	CONSTRAINT "shipping_destinations_method_id_country_pk" PRIMARY KEY("method_id","country")
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_ja" text NOT NULL,
	"name_en" text NOT NULL,
	"carrier" text NOT NULL,
	"min_weight_g" integer DEFAULT 0 NOT NULL,
	"max_weight_g" integer NOT NULL,
	"size_rule" text NOT NULL,
	"billing_rule" text NOT NULL,
	"step_g" integer DEFAULT 0 NOT NULL,
	"tracked" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_methods_weight_check" CHECK ("shipping_methods"."min_weight_g" >= 0 and "shipping_methods"."max_weight_g" > "shipping_methods"."min_weight_g" and "shipping_methods"."step_g" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"method_id" integer NOT NULL,
	"zone" smallint NOT NULL,
	"up_to_g" integer NOT NULL,
	"fee" integer NOT NULL,
	CONSTRAINT "shipping_rates_method_id_zone_up_to_g_pk" PRIMARY KEY("method_id","zone","up_to_g"),
	CONSTRAINT "shipping_rates_check" CHECK ("shipping_rates"."up_to_g" > 0 and "shipping_rates"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "storage_fee_per_day" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "extra_fees" ADD COLUMN "days" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "shipping_method_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billed_weight_g" integer;--> statement-breakpoint
ALTER TABLE "package_applies" ADD CONSTRAINT "package_applies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_applies" ADD CONSTRAINT "package_applies_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_apply_orders" ADD CONSTRAINT "package_apply_orders_apply_id_package_applies_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."package_applies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_apply_orders" ADD CONSTRAINT "package_apply_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_lines" ADD CONSTRAINT "package_lines_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_lines" ADD CONSTRAINT "package_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_lines" ADD CONSTRAINT "package_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_apply_id_package_applies_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."package_applies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_destinations" ADD CONSTRAINT "shipping_destinations_method_id_shipping_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_method_id_shipping_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_applies_user_idx" ON "package_applies" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "package_applies_status_idx" ON "package_applies" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "package_apply_orders_order_idx" ON "package_apply_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_lines_one_box_per_line" ON "package_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "package_lines_order_idx" ON "package_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_package_no_idx" ON "packages" USING btree ("package_no");--> statement-breakpoint
CREATE INDEX "packages_apply_idx" ON "packages" USING btree ("apply_id");--> statement-breakpoint
CREATE INDEX "packages_user_status_idx" ON "packages" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_methods_code_idx" ON "shipping_methods" USING btree ("code");--> statement-breakpoint
ALTER TABLE "extra_fees" ADD CONSTRAINT "extra_fees_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extra_fees_order_idx" ON "extra_fees" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "extra_fees_package_idx" ON "extra_fees" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "extra_fees_one_open_storage_fee_per_order" ON "extra_fees" USING btree ("order_id") WHERE "extra_fees"."type" = 1 and "extra_fees"."status" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "extra_fees_one_open_storage_fee_per_package" ON "extra_fees" USING btree ("package_id") WHERE "extra_fees"."type" = 4 and "extra_fees"."status" = 1;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_storage_fee_check" CHECK ("shop_settings"."storage_fee_per_day" >= 0);