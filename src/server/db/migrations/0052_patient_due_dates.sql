DROP INDEX "clinic_owners_clinic_idx";--> statement-breakpoint
ALTER TABLE "clinic_patients" ADD COLUMN "reminders_overdue_after" date;--> statement-breakpoint
ALTER TABLE "clinic_patients" ADD COLUMN "reminders_due_from" date;--> statement-breakpoint
CREATE INDEX "clinic_patients_clinic_due_idx" ON "clinic_patients" USING btree ("clinic_id","reminders_due_from","id","reminders_overdue_after") WHERE "clinic_patients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clinic_owners_clinic_idx" ON "clinic_owners" USING btree ("clinic_id",lower("name"),"id","search_text") WHERE "clinic_owners"."deleted_at" is null;--> statement-breakpoint
-- The Pets grid's Due column stored on each patient row (issue 37, docs/decisions/0192), kept by the triggers below in
-- the statement (so the transaction) of every write that can change it, never written by the app. The rule is
-- reminderStillOpen (src/server/visits/list-reminders.ts) and reminderMarkedOpen (reminders/reminder-state.ts): the
-- clinic's not deleted vaccinations (9) and antiparasitics (10) with a next reminder, not done since (a later record of
-- the pet, any clinic, same type and name), not marked done, not booked (an accepted visit request for that date).
-- A snooze ends by itself, so a snoozed reminder counts from the day its snooze ends: overdue after the later of its
-- date and its last snoozed day, due from the later of its date less 30 days and the day after its snooze.
-- tests/api/patient-due-dates.test.ts checks the stored dates against that rule after every kind of write.
CREATE FUNCTION clinic_patients_due_of(clinic integer, pet integer, OUT overdue_after date, OUT due_from date)
LANGUAGE sql STABLE AS $$
  SELECT min(CASE WHEN w.reminder_state = 'snoozed' THEN greatest(w.next_reminder_date, w.reminder_until)
                  ELSE w.next_reminder_date END),
         min(CASE WHEN w.reminder_state = 'snoozed' THEN greatest(w.next_reminder_date - 30, w.reminder_until + 1)
                  ELSE w.next_reminder_date - 30 END)
  FROM wellness_records w
  WHERE w.pet_profile_id = pet AND w.clinic_id = clinic AND w.category_type_id IN (9, 10)
    AND w.deleted_at IS NULL AND w.next_reminder_date IS NOT NULL AND w.reminder_state IN ('open', 'snoozed')
    AND NOT EXISTS (SELECT 1 FROM wellness_records later
      WHERE later.pet_profile_id = w.pet_profile_id AND later.category_type_id = w.category_type_id
        AND later.action_date > w.action_date AND later.deleted_at IS NULL
        AND lower(btrim(later.record_value)) = lower(btrim(w.record_value)))
    AND NOT EXISTS (SELECT 1 FROM visit_request_reminders booked_for
      JOIN visit_requests booked ON booked.id = booked_for.visit_request_id
      WHERE booked_for.wellness_record_id = w.id AND booked_for.reminder_date = w.next_reminder_date
        AND booked.state = 'booked')
$$;--> statement-breakpoint
-- Every patient row of these pets (at any clinic: a record at one clinic can make another's reminder done since).
CREATE FUNCTION clinic_patients_refresh_due(pets integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE clinic_patients p SET reminders_overdue_after = d.overdue_after, reminders_due_from = d.due_from
  FROM clinic_patients c CROSS JOIN LATERAL clinic_patients_due_of(c.clinic_id, c.pet_profile_id) d
  WHERE c.pet_profile_id = ANY (pets) AND p.id = c.id
    AND (p.reminders_overdue_after, p.reminders_due_from) IS DISTINCT FROM (d.overdue_after, d.due_from)
$$;--> statement-breakpoint
-- Only vaccinations and antiparasitics carry reminders or make one done since; an update counts when a column the
-- rule reads changed.
CREATE FUNCTION wellness_records_due_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clinic_patients_refresh_due(ARRAY(
      SELECT DISTINCT pet_profile_id FROM new_rows WHERE category_type_id IN (9, 10)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM clinic_patients_refresh_due(ARRAY(
      SELECT DISTINCT pet_profile_id FROM old_rows WHERE category_type_id IN (9, 10)));
  ELSE
    PERFORM clinic_patients_refresh_due(ARRAY(
      SELECT DISTINCT pet FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.pet_profile_id), (o.pet_profile_id)) AS pets (pet)
      WHERE (n.category_type_id IN (9, 10) OR o.category_type_id IN (9, 10))
        AND (n.pet_profile_id, n.clinic_id, n.category_type_id, n.action_date, n.record_value, n.next_reminder_date,
             n.reminder_state, n.reminder_until, n.deleted_at)
          IS DISTINCT FROM (o.pet_profile_id, o.clinic_id, o.category_type_id, o.action_date, o.record_value,
             o.next_reminder_date, o.reminder_state, o.reminder_until, o.deleted_at)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER wellness_records_due_insert AFTER INSERT ON wellness_records REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION wellness_records_due_changed();--> statement-breakpoint
CREATE TRIGGER wellness_records_due_update AFTER UPDATE ON wellness_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION wellness_records_due_changed();--> statement-breakpoint
CREATE TRIGGER wellness_records_due_delete AFTER DELETE ON wellness_records REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION wellness_records_due_changed();--> statement-breakpoint
-- A visit request booked, unbooked, or its reminders added or removed.
CREATE FUNCTION visit_requests_due_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM clinic_patients_refresh_due(ARRAY(
    SELECT DISTINCT w.pet_profile_id FROM visit_request_reminders r JOIN wellness_records w ON w.id = r.wellness_record_id
    WHERE r.visit_request_id = NEW.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER visit_requests_due AFTER UPDATE OF state ON visit_requests
FOR EACH ROW WHEN ((OLD.state = 'booked') IS DISTINCT FROM (NEW.state = 'booked'))
EXECUTE FUNCTION visit_requests_due_changed();--> statement-breakpoint
CREATE FUNCTION visit_request_reminders_due_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clinic_patients_refresh_due(ARRAY(
      SELECT DISTINCT w.pet_profile_id FROM new_rows r JOIN wellness_records w ON w.id = r.wellness_record_id));
  ELSE
    PERFORM clinic_patients_refresh_due(ARRAY(
      SELECT DISTINCT w.pet_profile_id FROM old_rows r JOIN wellness_records w ON w.id = r.wellness_record_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER visit_request_reminders_due_insert AFTER INSERT ON visit_request_reminders REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION visit_request_reminders_due_changed();--> statement-breakpoint
CREATE TRIGGER visit_request_reminders_due_delete AFTER DELETE ON visit_request_reminders REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION visit_request_reminders_due_changed();--> statement-breakpoint
-- A new patient row (or one moved to another pet or clinic) starts with its pet's reminders at the clinic.
CREATE FUNCTION clinic_patients_due_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT d.overdue_after, d.due_from INTO NEW.reminders_overdue_after, NEW.reminders_due_from
    FROM clinic_patients_due_of(NEW.clinic_id, NEW.pet_profile_id) d;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER clinic_patients_due BEFORE INSERT OR UPDATE OF clinic_id, pet_profile_id ON clinic_patients
FOR EACH ROW EXECUTE FUNCTION clinic_patients_due_row();--> statement-breakpoint
-- Every patient row now.
UPDATE clinic_patients p SET reminders_overdue_after = d.overdue_after, reminders_due_from = d.due_from
FROM clinic_patients c CROSS JOIN LATERAL clinic_patients_due_of(c.clinic_id, c.pet_profile_id) d
WHERE p.id = c.id AND d.due_from IS NOT NULL;
