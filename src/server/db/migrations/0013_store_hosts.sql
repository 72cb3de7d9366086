CREATE TABLE "store_hosts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_hosts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"host" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "state" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_hosts" ADD CONSTRAINT "store_hosts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_hosts_host_idx" ON "store_hosts" USING btree ("host");--> statement-breakpoint
CREATE UNIQUE INDEX "store_hosts_one_primary_idx" ON "store_hosts" USING btree ("website_id") WHERE "store_hosts"."is_primary";--> statement-breakpoint
CREATE INDEX "store_hosts_website_idx" ON "store_hosts" USING btree ("website_id");--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_state" CHECK ("websites"."state" in ('draft', 'open', 'closed', 'archived'));