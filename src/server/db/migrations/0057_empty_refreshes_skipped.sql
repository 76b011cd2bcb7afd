-- The two refreshes the reminder triggers call (migrations 0052 and 0055) as PL/pgSQL that returns at once when it is
-- given nothing to refresh. Every new patient row asks for the delivery status of the pet's reminders at its clinic
-- (clinic_patients_delivery_status_changed): for a new patient that list is empty, yet the SQL function planned its
-- UPDATE of wellness_records again at every call and ran it, and an UPDATE of no rows still fires the statement
-- triggers of wellness_records (the Due refresh, which planned its own UPDATE of clinic_patients again; the compliance
-- days; the change feed). Measured with track_functions on the scale benchmark's fill (50,000 patients, load 25):
-- 430 of the step's 537 s went there. Same statements, same results; PL/pgSQL keeps their plans for the session.
CREATE OR REPLACE FUNCTION reminder_delivery_status_refresh(ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN
    RETURN;
  END IF;
  UPDATE wellness_records w SET reminder_delivery_status = x.status
  FROM (SELECT r.id, reminder_delivery_status_of(r.id, r.clinic_id, r.pet_profile_id, r.category_type_id,
          r.next_reminder_date) AS status
        FROM wellness_records r WHERE r.id = ANY (ids)) x
  WHERE w.id = x.id AND w.reminder_delivery_status IS DISTINCT FROM x.status;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION clinic_patients_refresh_due(pets integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(pets), 0) = 0 THEN
    RETURN;
  END IF;
  UPDATE clinic_patients p SET reminders_overdue_after = d.overdue_after, reminders_due_from = d.due_from
  FROM clinic_patients c CROSS JOIN LATERAL clinic_patients_due_of(c.clinic_id, c.pet_profile_id) d
  WHERE c.pet_profile_id = ANY (pets) AND p.id = c.id
    AND (p.reminders_overdue_after, p.reminders_due_from) IS DISTINCT FROM (d.overdue_after, d.due_from);
END
$$;
