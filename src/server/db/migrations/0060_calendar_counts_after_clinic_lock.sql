-- The reminder calendar's counts (migration 0059) are rows every write of a clinic's reminders of one day shares. A
-- statement took its days' count rows, then the clinic's compliance lock (0055, an advisory lock held to the commit).
-- Two transactions of one clinic that write reminders in more than one statement (a visit saved: new records, then
-- changed ones) could each hold what the other waits for: one the compliance lock and, next, a day's count row, the
-- other that count row, waiting for the compliance lock. Now the counts are changed under the clinic's compliance lock:
-- a statement locks its reminders' rows, then the lock, then the count rows (docs/decisions/0201, 0198), so whoever
-- holds a count row also holds its clinic's lock. tests/api/reminder-lock-order.test.ts deadlocks without it.
CREATE OR REPLACE FUNCTION reminder_calendar_days_add(clinics integer[], days date[], statuses text[], deltas integer[])
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(clinics), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(370001, c) FROM (SELECT DISTINCT unnest(clinics) AS c ORDER BY 1) ordered;
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
$$;
