-- The desk at a million pets (issue 37, docs/decisions/0192): the Pets grid sorted by breed or type title reads
-- each title's patients in id order and stops after the page; a reminder count or calendar reads the reminder
-- index alone (its type and pet after the key).
DROP INDEX "wellness_records_reminder_idx";--> statement-breakpoint
CREATE INDEX "clinic_patients_clinic_breed_idx" ON "clinic_patients" USING btree ("clinic_id","pet_breed_id","id") WHERE "clinic_patients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clinic_patients_clinic_type_idx" ON "clinic_patients" USING btree ("clinic_id","pet_type_id","id") WHERE "clinic_patients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "wellness_records_reminder_idx" ON "wellness_records" USING btree ("clinic_id","next_reminder_date","id","category_type_id","pet_profile_id") WHERE "wellness_records"."next_reminder_date" is not null and "wellness_records"."deleted_at" is null;