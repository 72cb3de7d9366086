CREATE TABLE "decoration_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "decoration_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"min_width" numeric(6, 2) NOT NULL,
	"min_height" numeric(6, 2) NOT NULL,
	"max_colors" integer,
	"file_types" jsonb DEFAULT '["png","svg"]'::jsonb NOT NULL,
	"setup_fee_amount" integer DEFAULT 0 NOT NULL,
	"price_per_location_amount" integer DEFAULT 0 NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decoration_methods_amounts_not_negative" CHECK ("decoration_methods"."setup_fee_amount" >= 0 and "decoration_methods"."price_per_location_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "decoration_settings" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"fonts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"palette" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploads_allowed" boolean DEFAULT false NOT NULL,
	"upload_max_bytes" integer DEFAULT 2000000 NOT NULL,
	"rights_statement" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "designs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" integer NOT NULL,
	"partner_id" integer,
	"product_id" integer NOT NULL,
	"color_value_id" integer,
	"decorations" jsonb NOT NULL,
	"unit_price_amount" integer NOT NULL,
	"mockups" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logo_decoration_methods" (
	"logo_id" integer NOT NULL,
	"method" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_areas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_areas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"garment_kind" text,
	"product_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"view" text NOT NULL,
	"x" numeric(6, 2) NOT NULL,
	"y" numeric(6, 2) NOT NULL,
	"width" numeric(6, 2) NOT NULL,
	"height" numeric(6, 2) NOT NULL,
	"methods" jsonb NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_areas_owner" CHECK (("print_areas"."garment_kind" is null) <> ("print_areas"."product_id" is null))
);
--> statement-breakpoint
CREATE TABLE "uploaded_artworks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" integer NOT NULL,
	"partner_id" integer,
	"file_type" text NOT NULL,
	"source_path" text NOT NULL,
	"image_path" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"color_count" integer NOT NULL,
	"rights_accepted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logos" ADD COLUMN "color_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "garment_kind" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "design_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "design" jsonb;--> statement-breakpoint
ALTER TABLE "decoration_methods" ADD CONSTRAINT "decoration_methods_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decoration_settings" ADD CONSTRAINT "decoration_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_color_value_id_attribute_values_id_fk" FOREIGN KEY ("color_value_id") REFERENCES "public"."attribute_values"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logo_decoration_methods" ADD CONSTRAINT "logo_decoration_methods_logo_id_logos_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."logos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_areas" ADD CONSTRAINT "print_areas_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_areas" ADD CONSTRAINT "print_areas_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_artworks" ADD CONSTRAINT "uploaded_artworks_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_artworks" ADD CONSTRAINT "uploaded_artworks_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "decoration_methods_website_code_idx" ON "decoration_methods" USING btree ("website_id","code");--> statement-breakpoint
CREATE INDEX "designs_website_partner_idx" ON "designs" USING btree ("website_id","partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "logo_decoration_methods_idx" ON "logo_decoration_methods" USING btree ("logo_id","method");--> statement-breakpoint
CREATE INDEX "print_areas_website_kind_idx" ON "print_areas" USING btree ("website_id","garment_kind");--> statement-breakpoint
CREATE INDEX "print_areas_product_idx" ON "print_areas" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "uploaded_artworks_partner_idx" ON "uploaded_artworks" USING btree ("partner_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE set null ON UPDATE no action;