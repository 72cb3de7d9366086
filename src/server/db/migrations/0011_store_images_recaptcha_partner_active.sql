ALTER TABLE "decoration_partners" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "recaptcha_site_key" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "recaptcha_secret_key" text;