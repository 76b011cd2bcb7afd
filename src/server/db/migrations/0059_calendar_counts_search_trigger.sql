CREATE TABLE "reminder_calendar_days" (
	"clinic_id" integer NOT NULL,
	"day" date NOT NULL,
	"delivery_status" text NOT NULL,
	"reminders" integer NOT NULL,
	CONSTRAINT "reminder_calendar_days_pk" PRIMARY KEY("clinic_id","day","delivery_status")
);
--> statement-breakpoint
ALTER TABLE "reminder_calendar_days" ADD CONSTRAINT "reminder_calendar_days_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- GetVetReminderDays's counts (the reminder calendar, issue 37, docs/decisions/0201): per clinic, due day and stored
-- delivery status (migration 0055), the clinic's not deleted vaccinations (9) and antiparasitics (10); the calendar
-- reads a row per day and status of its range instead of every reminder of the range. Kept by the statement triggers
-- below in the statement (so the transaction) of every write of wellness_records, never written by the app: a
-- delivery's or a message's change, a patient's owner address or an owner's consent reach it as the UPDATE of the
-- records' reminder_delivery_status. A key whose count falls to zero is removed. tests/api/reminder-calendar-days.test.ts
-- compares the stored counts with a direct count after every kind of write.
-- Lock order (docs/decisions/0198): the triggers' names sort before wellness_records_compliance_*, so a statement
-- locks its reminders' rows, then their days' count rows (in key order), then the clinic's compliance lock.
CREATE FUNCTION reminder_calendar_days_add(clinics integer[], days date[], statuses text[], deltas integer[])
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(clinics), 0) = 0 THEN
    RETURN;
  END IF;
  -- a key that is not stored takes only an addition: a removal from a missing key is a clinic being deleted (its
  -- counts went with it, ON DELETE CASCADE)
  INSERT INTO reminder_calendar_days AS t (clinic_id, day, delivery_status, reminders)
    SELECT k.clinic_id, k.day, k.status, k.delta
    FROM unnest(clinics, days, statuses, deltas) AS k (clinic_id, day, status, delta)
    WHERE k.delta > 0 OR EXISTS (SELECT 1 FROM reminder_calendar_days s
      WHERE s.clinic_id = k.clinic_id AND s.day = k.day AND s.delivery_status = k.status)
    ORDER BY 1, 2, 3
  ON CONFLICT (clinic_id, day, delivery_status) DO UPDATE SET reminders = t.reminders + excluded.reminders;
  DELETE FROM reminder_calendar_days t
    USING unnest(clinics, days, statuses, deltas) AS k (clinic_id, day, status, delta)
    WHERE k.delta < 0 AND t.clinic_id = k.clinic_id AND t.day = k.day AND t.delivery_status = k.status
      AND t.reminders <= 0;
END
$$;--> statement-breakpoint
-- The change of each (clinic, day, status) a statement made: its new rows that count added, its old rows that counted
-- taken away (an update that changed none of the four columns nets out to nothing).
CREATE FUNCTION wellness_records_calendar_days_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  clinics integer[];
  days date[];
  statuses text[];
  deltas integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(c.clinic_id), array_agg(c.day), array_agg(c.status), array_agg(c.delta)
      INTO clinics, days, statuses, deltas
    FROM (SELECT n.clinic_id, n.next_reminder_date AS day, n.reminder_delivery_status AS status, count(*)::int AS delta
          FROM new_rows n
          WHERE n.clinic_id IS NOT NULL AND n.next_reminder_date IS NOT NULL AND n.category_type_id IN (9, 10)
            AND n.deleted_at IS NULL
          GROUP BY 1, 2, 3) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(c.clinic_id), array_agg(c.day), array_agg(c.status), array_agg(c.delta)
      INTO clinics, days, statuses, deltas
    FROM (SELECT o.clinic_id, o.next_reminder_date AS day, o.reminder_delivery_status AS status, -count(*)::int AS delta
          FROM old_rows o
          WHERE o.clinic_id IS NOT NULL AND o.next_reminder_date IS NOT NULL AND o.category_type_id IN (9, 10)
            AND o.deleted_at IS NULL
          GROUP BY 1, 2, 3) c;
  ELSE
    SELECT array_agg(c.clinic_id), array_agg(c.day), array_agg(c.status), array_agg(c.delta)
      INTO clinics, days, statuses, deltas
    FROM (SELECT k.clinic_id, k.day, k.status, sum(k.delta)::int AS delta
          FROM (SELECT n.clinic_id, n.next_reminder_date AS day, n.reminder_delivery_status AS status, 1 AS delta
                FROM new_rows n
                WHERE n.clinic_id IS NOT NULL AND n.next_reminder_date IS NOT NULL AND n.category_type_id IN (9, 10)
                  AND n.deleted_at IS NULL
                UNION ALL
                SELECT o.clinic_id, o.next_reminder_date, o.reminder_delivery_status, -1
                FROM old_rows o
                WHERE o.clinic_id IS NOT NULL AND o.next_reminder_date IS NOT NULL AND o.category_type_id IN (9, 10)
                  AND o.deleted_at IS NULL) k
          GROUP BY 1, 2, 3
          HAVING sum(k.delta) <> 0) c;
  END IF;
  PERFORM reminder_calendar_days_add(clinics, days, statuses, deltas);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER wellness_records_calendar_days_insert AFTER INSERT ON wellness_records
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION wellness_records_calendar_days_changed();--> statement-breakpoint
CREATE TRIGGER wellness_records_calendar_days_update AFTER UPDATE ON wellness_records
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION wellness_records_calendar_days_changed();--> statement-breakpoint
CREATE TRIGGER wellness_records_calendar_days_delete AFTER DELETE ON wellness_records
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION wellness_records_calendar_days_changed();--> statement-breakpoint
-- Every clinic's days now.
INSERT INTO reminder_calendar_days (clinic_id, day, delivery_status, reminders)
SELECT clinic_id, next_reminder_date, reminder_delivery_status, count(*)::int
FROM wellness_records
WHERE clinic_id IS NOT NULL AND next_reminder_date IS NOT NULL AND category_type_id IN (9, 10) AND deleted_at IS NULL
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- A patient row's search text and pet columns (clinic_patients_search_row, migrations 0035 and 0039) are made from the
-- owner's fields, the owner and the pet: computed again only by an update that sets one of those, or the columns the
-- function writes (a forced refresh sets search_text). Fired by every update, the Due refresh (clinic_patients_refresh_due)
-- recomputed the search text of every patient row of the pets whose reminders were written, for nothing: at the scale
-- benchmark's fill (the Due dates of 600,000 patient rows refreshed once after the wellness records), about a fifth of
-- that step (docs/decisions/0201). clinic_owner_id is listed because clinic_patients_owner_row (fired before) copies a
-- new owner's fields onto the row.
DROP TRIGGER clinic_patients_search ON clinic_patients;--> statement-breakpoint
CREATE TRIGGER clinic_patients_search
BEFORE INSERT OR UPDATE OF owner_name_for_vet, owner_phone_for_vet, owner_email_for_vet, clinic_owner_id, pet_profile_id,
  search_text, pet_name, pet_type_id, pet_breed_id, pet_gender_id, pet_is_sterilized, pet_dob ON clinic_patients
FOR EACH ROW EXECUTE FUNCTION clinic_patients_search_row();
