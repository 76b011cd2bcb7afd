-- clinic_patients.search_text: lower(pet name), lower(owner name), lower(owner phone) and
-- lower(owner e-mail), newline-separated, maintained here on every write path (docs/decisions/0041):
-- computed on each insert or update of a patient row (whatever the statement sets), and again for
-- every patient of a pet whose name changes. Each part is lower()ed on its own, so a field that
-- ILIKE-matches a term always leaves the term (lower()ed) inside search_text: the index narrows,
-- and GetVetPets still applies the exact ILIKE conditions to what it finds.
CREATE FUNCTION clinic_patient_search_text(pet_name text, owner_name text, owner_phone text, owner_email text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(coalesce(pet_name, '')) || E'\n' || lower(coalesce(owner_name, '')) || E'\n' || lower(coalesce(owner_phone, '')) || E'\n' || lower(coalesce(owner_email, ''))
$$;--> statement-breakpoint
UPDATE clinic_patients cp
SET search_text = clinic_patient_search_text(p.name, cp.owner_name_for_vet, cp.owner_phone_for_vet, cp.owner_email_for_vet)
FROM pet_profiles p
WHERE p.id = cp.pet_profile_id;--> statement-breakpoint
CREATE FUNCTION clinic_patients_search_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := clinic_patient_search_text(
    (SELECT p.name FROM pet_profiles p WHERE p.id = NEW.pet_profile_id),
    NEW.owner_name_for_vet, NEW.owner_phone_for_vet, NEW.owner_email_for_vet);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER clinic_patients_search BEFORE INSERT OR UPDATE ON clinic_patients
FOR EACH ROW EXECUTE FUNCTION clinic_patients_search_row();--> statement-breakpoint
CREATE FUNCTION pet_profiles_name_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The BEFORE trigger above recomputes each touched patient row from the renamed pet.
  UPDATE clinic_patients SET search_text = '' WHERE pet_profile_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER pet_profiles_name_search AFTER UPDATE OF name ON pet_profiles
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION pet_profiles_name_search();
