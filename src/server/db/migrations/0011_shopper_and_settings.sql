ALTER TABLE "decoration_partners" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lead_time" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_chart" jsonb;--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD COLUMN "transit_days" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "in_hands_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_order_number" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "recaptcha_site_key" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "recaptcha_secret_key" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "lead_time" jsonb;