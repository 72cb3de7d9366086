CREATE INDEX "order_lines_logo_idx" ON "order_lines" USING btree ("logo_id","order_id");--> statement-breakpoint
CREATE INDEX "orders_website_created_idx" ON "orders" USING btree ("website_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("amount_total","id");--> statement-breakpoint
CREATE INDEX "orders_reference_sort_idx" ON "orders" USING btree (length("name"),"name","id");--> statement-breakpoint
CREATE INDEX "orders_reference_search_idx" ON "orders" USING btree ("name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_email_search_idx" ON "orders" USING btree (lower("partner_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_name_search_idx" ON "orders" USING btree (lower("partner_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_state_idx" ON "orders" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_approval_state_idx" ON "orders" USING btree ("approval_state","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_payment_state_idx" ON "orders" USING btree ("payment_state","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_fulfilment_state_idx" ON "orders" USING btree ("fulfilment_state","created_at","id");