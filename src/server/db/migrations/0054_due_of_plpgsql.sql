-- clinic_patients_due_of (migration 0052) as PL/pgSQL, same statement. As a SQL function returning one row it cannot be
-- inlined into its callers, and PostgreSQL plans a SQL function's body again at every call: about 1.8 ms a call, paid
-- per patient row by every new patient and by the Due refresh after every write of a pet's reminders (2,000 new
-- patients at full size: the trigger 3,531 ms, as PL/pgSQL 227 ms). PL/pgSQL keeps the statement's plan for the
-- session (docs/decisions/0192).
CREATE OR REPLACE FUNCTION clinic_patients_due_of(clinic integer, pet integer, OUT overdue_after date, OUT due_from date)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT min(CASE WHEN w.reminder_state = 'snoozed' THEN greatest(w.next_reminder_date, w.reminder_until)
                  ELSE w.next_reminder_date END),
         min(CASE WHEN w.reminder_state = 'snoozed' THEN greatest(w.next_reminder_date - 30, w.reminder_until + 1)
                  ELSE w.next_reminder_date - 30 END)
    INTO overdue_after, due_from
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
        AND booked.state = 'booked');
END
$$;
