CREATE TABLE "tier_runs" (
	"month" date PRIMARY KEY NOT NULL,
	"members_updated" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"vip" smallint PRIMARY KEY NOT NULL,
	"score_rate" text NOT NULL,
	"min_monthly_spend" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_levels_vip_check" CHECK ("vip_levels"."vip" >= 1),
	CONSTRAINT "vip_levels_spend_check" CHECK ("vip_levels"."min_monthly_spend" >= 0)
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" text,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	"retry_after" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"target_id" integer NOT NULL,
	"shop_date" date NOT NULL,
	"user_id" integer NOT NULL,
	"language" varchar(8) NOT NULL,
	"mail_status" varchar(8) DEFAULT 'pending' NOT NULL,
	"push_status" varchar(8) DEFAULT 'pending' NOT NULL,
	"push_attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "reminders_mail_status_check" CHECK ("reminders"."mail_status" in ('pending', 'sent', 'failed', 'none')),
	CONSTRAINT "reminders_push_status_check" CHECK ("reminders"."push_status" in ('pending', 'sent', 'failed', 'none'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "score_time" date;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "unlocked_on" date;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_once_per_day" ON "reminders" USING btree ("kind","target_id","shop_date");--> statement-breakpoint
CREATE INDEX "reminders_user_idx" ON "reminders" USING btree ("user_id","shop_date");--> statement-breakpoint
CREATE INDEX "reminders_pending_idx" ON "reminders" USING btree ("shop_date") WHERE "reminders"."mail_status" = 'pending' or "reminders"."push_status" = 'pending';--> statement-breakpoint
INSERT INTO "vip_levels" ("vip", "score_rate", "min_monthly_spend") VALUES (1, '0.01', 0), (2, '0.015', 100000), (3, '0.02', 300000) ON CONFLICT DO NOTHING;
