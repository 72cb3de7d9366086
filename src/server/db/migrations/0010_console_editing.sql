ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotion_programs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "recipient_email" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "note" text;