ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "day_before_zone" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "daily_goal" smallint DEFAULT 20 NOT NULL;