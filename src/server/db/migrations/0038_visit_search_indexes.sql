-- A visit search at scale (issue 21 item 2, docs/decisions/0110): the count of a clinic's visits
-- whose pet matches the term read from two index-only scans, not the tables (37 ms to 3 ms for a
-- clinic of 5,000 patients and 10,000 visits). The patients' covering index gains the pet; the
-- visits get one on (clinic, pet).
DROP INDEX "clinic_patients_clinic_created_idx";--> statement-breakpoint
CREATE INDEX "clinic_patients_clinic_created_idx" ON "clinic_patients" USING btree ("clinic_id","created_at","id","search_text","pet_profile_id") WHERE "clinic_patients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "vet_visits_clinic_pet_idx" ON "vet_visits" USING btree ("clinic_id","pet_profile_id") WHERE "vet_visits"."deleted_at" is null;
