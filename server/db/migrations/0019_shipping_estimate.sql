ALTER TABLE "package_applies" ADD COLUMN "estimated_fee" integer;--> statement-breakpoint
ALTER TABLE "package_applies" ADD COLUMN "estimated_billed_weight_g" integer;--> statement-breakpoint
ALTER TABLE "package_applies" ADD COLUMN "estimated_allowance_g" integer;