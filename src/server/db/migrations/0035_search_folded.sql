-- Search as people type (issue 21, docs/decisions/0110): clinic_patients.search_text becomes the
-- folded form of what a clinic searches its patients by. Folding = unaccent, then lower(): "Inês"
-- is found by "ines", "INES" and "inês". Phone numbers are also kept as digits (a leading
-- international "00" dropped), so "+351 239 539 317", "351239539317" and "00351 239 539 317" are
-- one number. The microchip (spaces dropped) and the breed's title are searched too.
--
-- unaccent is a trusted extension (PostgreSQL 13+) that Debian's postgresql ships and PGlite bundles
-- (src/server/db/client.ts loads it on every open). unaccent() itself is STABLE (its dictionary
-- could change); pawtal_fold is IMMUTABLE because it names the dictionary, and its SQL-standard body
-- binds the function and the dictionary when it is created, so it works under any search_path
-- (pg_restore, index builds).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE FUNCTION pawtal_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(unaccent('unaccent'::regdictionary, value));--> statement-breakpoint
CREATE FUNCTION pawtal_phone_digits(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN regexp_replace(regexp_replace(coalesce(value, ''), '[^0-9]', '', 'g'), '^00', '');--> statement-breakpoint
DROP TRIGGER clinic_patients_search ON clinic_patients;--> statement-breakpoint
DROP TRIGGER pet_profiles_name_search ON pet_profiles;--> statement-breakpoint
DROP FUNCTION clinic_patients_search_row();--> statement-breakpoint
DROP FUNCTION pet_profiles_name_search();--> statement-breakpoint
DROP FUNCTION clinic_patient_search_text(text, text, text, text);--> statement-breakpoint
-- Seven newline-separated parts: pet name, owner name, phone, e-mail, phone digits, microchip,
-- breed. Each part is folded on its own; a search term never holds a newline (the server turns
-- every run of white space into one space), so a term matches inside one part only.
CREATE FUNCTION clinic_patient_search_text(pet_name text, owner_name text, owner_phone text, owner_email text, micro_chip_id text, breed text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN pawtal_fold(coalesce(pet_name, '')) || E'\n' || pawtal_fold(coalesce(owner_name, '')) || E'\n' || pawtal_fold(coalesce(owner_phone, ''))
    || E'\n' || pawtal_fold(coalesce(owner_email, '')) || E'\n' || pawtal_phone_digits(owner_phone)
    || E'\n' || regexp_replace(pawtal_fold(coalesce(micro_chip_id, '')), '\s', '', 'g') || E'\n' || pawtal_fold(coalesce(breed, ''));--> statement-breakpoint
CREATE FUNCTION clinic_patients_search_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := (
    SELECT clinic_patient_search_text(p.name, NEW.owner_name_for_vet, NEW.owner_phone_for_vet, NEW.owner_email_for_vet, p.micro_chip_id, b.title)
    FROM pet_profiles p LEFT JOIN pet_breeds b ON b.id = p.pet_breed_id
    WHERE p.id = NEW.pet_profile_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER clinic_patients_search BEFORE INSERT OR UPDATE ON clinic_patients
FOR EACH ROW EXECUTE FUNCTION clinic_patients_search_row();--> statement-breakpoint
CREATE FUNCTION pet_profiles_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The BEFORE trigger above recomputes each touched patient row from the changed pet.
  UPDATE clinic_patients SET search_text = '' WHERE pet_profile_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER pet_profiles_search AFTER UPDATE OF name, micro_chip_id, pet_breed_id ON pet_profiles
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.micro_chip_id IS DISTINCT FROM NEW.micro_chip_id OR OLD.pet_breed_id IS DISTINCT FROM NEW.pet_breed_id)
EXECUTE FUNCTION pet_profiles_search();--> statement-breakpoint
-- Every row again, through the trigger.
UPDATE clinic_patients SET search_text = '';
