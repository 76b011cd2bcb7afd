-- The Pets grid's filters at scale (issue 21 item 5, docs/decisions/0110): the pet's type, breed,
-- gender, sterilisation, date of birth and name, copied onto each of its patient rows by the same
-- triggers that keep search_text, so a filtered list and its count read clinic_patients alone (an
-- index-only scan of the clinic's patients) instead of looking up every patient's pet. Never
-- written by the app.
ALTER TABLE "clinic_patients" ADD COLUMN "pet_name" text;--> statement-breakpoint
ALTER TABLE "clinic_patients" ADD COLUMN "pet_type_id" integer;--> statement-breakpoint
ALTER TABLE "clinic_patients" ADD COLUMN "pet_breed_id" integer;--> statement-breakpoint
ALTER TABLE "clinic_patients" ADD COLUMN "pet_gender_id" smallint;--> statement-breakpoint
ALTER TABLE "clinic_patients" ADD COLUMN "pet_is_sterilized" boolean;--> statement-breakpoint
ALTER TABLE "clinic_patients" ADD COLUMN "pet_dob" date;--> statement-breakpoint
CREATE OR REPLACE FUNCTION clinic_patients_search_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT clinic_patient_search_text(p.name, NEW.owner_name_for_vet, NEW.owner_phone_for_vet, NEW.owner_email_for_vet, p.micro_chip_id, b.title),
         p.name, p.pet_type_id, p.pet_breed_id, p.gender_id, p.is_sterilized, p.dob
    INTO NEW.search_text, NEW.pet_name, NEW.pet_type_id, NEW.pet_breed_id, NEW.pet_gender_id, NEW.pet_is_sterilized, NEW.pet_dob
    FROM pet_profiles p LEFT JOIN pet_breeds b ON b.id = p.pet_breed_id
    WHERE p.id = NEW.pet_profile_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER pet_profiles_search ON pet_profiles;--> statement-breakpoint
CREATE TRIGGER pet_profiles_search AFTER UPDATE OF name, micro_chip_id, pet_breed_id, pet_type_id, gender_id, is_sterilized, dob ON pet_profiles
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.micro_chip_id IS DISTINCT FROM NEW.micro_chip_id OR OLD.pet_breed_id IS DISTINCT FROM NEW.pet_breed_id
  OR OLD.pet_type_id IS DISTINCT FROM NEW.pet_type_id OR OLD.gender_id IS DISTINCT FROM NEW.gender_id OR OLD.is_sterilized IS DISTINCT FROM NEW.is_sterilized OR OLD.dob IS DISTINCT FROM NEW.dob)
EXECUTE FUNCTION pet_profiles_search();--> statement-breakpoint
-- Every row again, through the trigger.
UPDATE clinic_patients SET search_text = '';--> statement-breakpoint
DROP INDEX "clinic_patients_clinic_created_idx";--> statement-breakpoint
CREATE INDEX "clinic_patients_clinic_created_idx" ON "clinic_patients" USING btree ("clinic_id","created_at","id","search_text","pet_profile_id","pet_type_id","pet_breed_id","pet_gender_id","pet_is_sterilized","pet_dob") WHERE "clinic_patients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clinic_patients_clinic_name_idx" ON "clinic_patients" USING btree ("clinic_id",lower("pet_name"),"id") WHERE "clinic_patients"."deleted_at" is null;
