CREATE TABLE "wellness_category_type_units" (
	"category_type_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	CONSTRAINT "wellness_category_type_units_pk" PRIMARY KEY("category_type_id","unit_id")
);
--> statement-breakpoint
ALTER TABLE "wellness_category_type_units" ADD CONSTRAINT "wellness_category_type_units_category_type_id_fk" FOREIGN KEY ("category_type_id") REFERENCES "public"."wellness_category_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wellness_category_type_units" ADD CONSTRAINT "wellness_category_type_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units_of_measure"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wellness_category_type_units_unit_idx" ON "wellness_category_type_units" USING btree ("unit_id");--> statement-breakpoint
INSERT INTO "wellness_category_type_units" ("category_type_id", "unit_id")
SELECT t."id", u."id"
FROM (VALUES ('Weight', 'kg'), ('Weight', 'lb'), ('Daily Walk', 'km'), ('Daily Walk', 'min'), ('Play Time', 'min'), ('Heart Rate', 'bpm'), ('Temperature', '°C'), ('Medication', 'mg'), ('Medication', 'ml')) AS m("type_title", "unit_title")
JOIN "wellness_category_types" t ON t."title" = m."type_title"
JOIN "units_of_measure" u ON u."title" = m."unit_title"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_documents" DROP CONSTRAINT "legal_documents_kind_unique";--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_kind_language_unique" UNIQUE("kind","language");--> statement-breakpoint
UPDATE "pet_profiles" SET "public_id" = upper("public_id") WHERE "public_id" <> upper("public_id");--> statement-breakpoint
ALTER TABLE "pet_profiles" ADD CONSTRAINT "pet_profiles_public_id_upper_check" CHECK ("pet_profiles"."public_id" = upper("pet_profiles"."public_id"));
