-- GetVetOwnerDuplicates reads only what is a duplicate (issue 37, docs/decisions/0197). An owner's three match keys
-- (issue 32) are these functions, the same expressions the call computed for every live owner of the clinic before:
-- the e-mail (case and surrounding spaces aside), the phone digits when at least 6, the folded name with the last 7
-- digits when there are at least 7; null when the owner has none. SQL bodies, inlined into the indexes' expressions
-- and the call's statement alike, so the planner matches them.
CREATE FUNCTION pawtal_owner_email_key(email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN nullif(lower(trim(email)), '');--> statement-breakpoint
CREATE FUNCTION pawtal_owner_phone_key(phone text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN length(pawtal_phone_digits(phone)) >= 6 THEN pawtal_phone_digits(phone) END;--> statement-breakpoint
CREATE FUNCTION pawtal_owner_name_key(name text, phone text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN length(pawtal_phone_digits(phone)) >= 7
              THEN pawtal_fold(trim(name)) || E'\n' || right(pawtal_phone_digits(phone), 7) END;--> statement-breakpoint
CREATE TABLE "clinic_owner_key_counts" (
	"clinic_id" integer NOT NULL,
	"reason" smallint NOT NULL,
	"key" text NOT NULL,
	"owners" integer NOT NULL,
	CONSTRAINT "clinic_owner_key_counts_pk" PRIMARY KEY("clinic_id","reason","key")
);
--> statement-breakpoint
ALTER TABLE "clinic_owner_key_counts" ADD CONSTRAINT "clinic_owner_key_counts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_owner_key_counts_shared_idx" ON "clinic_owner_key_counts" USING btree ("clinic_id","reason","key") WHERE "clinic_owner_key_counts"."owners" > 1;--> statement-breakpoint
CREATE INDEX "clinic_owners_email_key_idx" ON "clinic_owners" USING btree ("clinic_id",pawtal_owner_email_key("email")) WHERE "clinic_owners"."deleted_at" is null and pawtal_owner_email_key("clinic_owners"."email") is not null;--> statement-breakpoint
CREATE INDEX "clinic_owners_phone_key_idx" ON "clinic_owners" USING btree ("clinic_id",pawtal_owner_phone_key("phone")) WHERE "clinic_owners"."deleted_at" is null and pawtal_owner_phone_key("clinic_owners"."phone") is not null;--> statement-breakpoint
CREATE INDEX "clinic_owners_name_key_idx" ON "clinic_owners" USING btree ("clinic_id",pawtal_owner_name_key("name", "phone")) WHERE "clinic_owners"."deleted_at" is null and pawtal_owner_name_key("clinic_owners"."name", "clinic_owners"."phone") is not null;--> statement-breakpoint
-- clinic_owner_key_counts: how many live owners of the clinic hold each key, kept by this trigger in the statement
-- (so the transaction) of every write of an owner, whichever path made it (the app, an import, the patients' owner
-- triggers of migration 0042, a merge, its undo, an erasure, the purge, plain SQL). A key's row goes when its count
-- reaches zero. The upsert on the primary key serializes two owners given one key at once.
-- tests/api/owner-duplicate-keys.test.ts compares the counts with the keys computed from the owners after every kind
-- of write.
CREATE FUNCTION clinic_owner_key_counts_row() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_keys text[] := ARRAY[NULL, NULL, NULL]::text[];
  new_keys text[] := ARRAY[NULL, NULL, NULL]::text[];
  moved boolean := TG_OP = 'UPDATE' AND OLD.clinic_id IS DISTINCT FROM NEW.clinic_id;
  remaining integer;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
    old_keys := ARRAY[pawtal_owner_email_key(OLD.email), pawtal_owner_phone_key(OLD.phone),
                      pawtal_owner_name_key(OLD.name, OLD.phone)];
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
    new_keys := ARRAY[pawtal_owner_email_key(NEW.email), pawtal_owner_phone_key(NEW.phone),
                      pawtal_owner_name_key(NEW.name, NEW.phone)];
  END IF;
  FOR r IN 1..3 LOOP
    CONTINUE WHEN old_keys[r] IS NOT DISTINCT FROM new_keys[r] AND NOT moved;
    IF old_keys[r] IS NOT NULL THEN
      UPDATE clinic_owner_key_counts c SET owners = c.owners - 1
       WHERE c.clinic_id = OLD.clinic_id AND c.reason = r - 1 AND c.key = old_keys[r]
      RETURNING c.owners INTO remaining;
      IF remaining = 0 THEN
        DELETE FROM clinic_owner_key_counts c
         WHERE c.clinic_id = OLD.clinic_id AND c.reason = r - 1 AND c.key = old_keys[r];
      END IF;
    END IF;
    IF new_keys[r] IS NOT NULL THEN
      INSERT INTO clinic_owner_key_counts AS c (clinic_id, reason, key, owners) VALUES (NEW.clinic_id, r - 1, new_keys[r], 1)
      ON CONFLICT (clinic_id, reason, key) DO UPDATE SET owners = c.owners + 1;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER clinic_owner_key_counts AFTER INSERT OR DELETE OR UPDATE OF clinic_id, name, phone, email, deleted_at
ON clinic_owners FOR EACH ROW EXECUTE FUNCTION clinic_owner_key_counts_row();--> statement-breakpoint
INSERT INTO clinic_owner_key_counts (clinic_id, reason, key, owners)
SELECT clinic_id, reason, key, count(*)::int
  FROM (SELECT clinic_id, 0 AS reason, pawtal_owner_email_key(email) AS key FROM clinic_owners WHERE deleted_at IS NULL
        UNION ALL
        SELECT clinic_id, 1, pawtal_owner_phone_key(phone) FROM clinic_owners WHERE deleted_at IS NULL
        UNION ALL
        SELECT clinic_id, 2, pawtal_owner_name_key(name, phone) FROM clinic_owners WHERE deleted_at IS NULL) k
 WHERE key IS NOT NULL
 GROUP BY clinic_id, reason, key;
