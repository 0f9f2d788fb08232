DROP INDEX "reminders_once_per_day";--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_once_per_day" ON "reminders" USING btree ("kind","target_id","shop_date","user_id");