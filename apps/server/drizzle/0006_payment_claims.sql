ALTER TABLE "subscriptions" ADD COLUMN "refund_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "refund_invoice_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "checkout_claimed_at" timestamp with time zone;