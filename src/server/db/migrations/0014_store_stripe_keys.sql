ALTER TABLE "websites" ADD COLUMN "stripe_secret_key" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "stripe_webhook_secret" text;