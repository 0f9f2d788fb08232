CREATE TABLE "extra_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint NOT NULL,
	"amount" integer NOT NULL,
	"order_id" integer,
	"order_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"package_id" integer,
	"remark" text,
	"due_date" date,
	"payment_id" varchar(40),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extra_fees_amount_check" CHECK ("extra_fees"."amount" >= 0),
	CONSTRAINT "extra_fees_status_check" CHECK ("extra_fees"."status" in (1, 2, 3, 4))
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_amount_check";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "split_from_line_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "late_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "extra_fees" ADD CONSTRAINT "extra_fees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_fees" ADD CONSTRAINT "extra_fees_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extra_fees_user_status_idx" ON "extra_fees" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "extra_fees_one_late_fee_per_order" ON "extra_fees" USING btree ("order_id") WHERE "extra_fees"."type" = 3;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_split_from_line_id_order_lines_id_fk" FOREIGN KEY ("split_from_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0 and "payments"."points_used" >= 0 and "payments"."late_fee" >= 0 and "payments"."late_fee" <= "payments"."amount" + "payments"."points_used");