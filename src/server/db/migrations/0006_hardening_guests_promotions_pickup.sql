ALTER TABLE "delivery_methods" ADD COLUMN "pickup_address" jsonb;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "for_guests" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_programs" ADD COLUMN "maximum_uses_per_customer" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_programs" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_usages" ADD COLUMN "customer_key" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "guest_checkout" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "promotion_usages_program_customer_idx" ON "promotion_usages" USING btree ("program_id","customer_key");