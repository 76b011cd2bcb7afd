-- An owner's live patients, kept on their row (issue 37, docs/decisions/0207): GetVetOwnerDuplicates, GetVetOwners and
-- GetVetOwnerDetails read the column instead of counting the owner's patients per row read. The column comes with a
-- default of 1, so the rows already there read 1 without being written (a default added with the column is kept in
-- the catalogue, no table rewrite); new owners start at 0 (the trigger below counts the patient that made them).
ALTER TABLE "clinic_owners" ADD COLUMN "pet_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_owners" ALTER COLUMN "pet_count" SET DEFAULT 0;--> statement-breakpoint
-- The search text is made from the name, phone and e-mail only: a write of another column (the pet count, the notes,
-- the consent) no longer folds them again.
DROP TRIGGER clinic_owners_search ON clinic_owners;--> statement-breakpoint
CREATE TRIGGER clinic_owners_search BEFORE INSERT OR UPDATE OF name, phone, email ON clinic_owners
FOR EACH ROW EXECUTE FUNCTION clinic_owners_search_row();--> statement-breakpoint
-- A patient row counts for its owner while it is live (deleted_at null). This trigger moves the count in the
-- statement (so the transaction) of every write that changes which owner counts the row: a patient inserted (the pet
-- form, an import, a transfer) or deleted (the purge, an import's undo), its owner changed (the pet form, a merge and
-- its undo, plain SQL), its delete or restore. One UPDATE of at most the two owners, in the primary key's order.
CREATE FUNCTION clinic_owners_pet_count_row() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  counted_by integer;
  counts_for integer;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
    counted_by := OLD.clinic_owner_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
    counts_for := NEW.clinic_owner_id;
  END IF;
  IF counted_by IS NOT DISTINCT FROM counts_for THEN
    RETURN NULL;
  END IF;
  UPDATE clinic_owners o SET pet_count = o.pet_count + CASE WHEN o.id = counts_for THEN 1 ELSE -1 END
   WHERE o.id IN (counted_by, counts_for);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER clinic_patients_pet_count AFTER INSERT OR DELETE ON clinic_patients
FOR EACH ROW EXECUTE FUNCTION clinic_owners_pet_count_row();--> statement-breakpoint
CREATE TRIGGER clinic_patients_pet_count_update AFTER UPDATE ON clinic_patients
FOR EACH ROW WHEN (OLD.clinic_owner_id IS DISTINCT FROM NEW.clinic_owner_id OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
EXECUTE FUNCTION clinic_owners_pet_count_row();--> statement-breakpoint
-- The count of every owner whose live patients are not 1, in one statement.
UPDATE clinic_owners o SET pet_count = c.pets
  FROM (SELECT k.id, count(p.id)::int AS pets
          FROM clinic_owners k LEFT JOIN clinic_patients p ON p.clinic_owner_id = k.id AND p.deleted_at IS NULL
         GROUP BY k.id) c
 WHERE o.id = c.id AND c.pets <> 1;
