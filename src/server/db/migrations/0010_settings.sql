ALTER TABLE "delivery_methods" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "accent_color" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "analytics_id" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;