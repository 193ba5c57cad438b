CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"applied_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "payment_due_at" text;