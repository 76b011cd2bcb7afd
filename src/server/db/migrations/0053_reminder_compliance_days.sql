CREATE TABLE "reminder_compliance_days" (
	"clinic_id" integer NOT NULL,
	"day" date NOT NULL,
	"due" integer NOT NULL,
	"notified" integer NOT NULL,
	"done" integer NOT NULL,
	"done_within30_days" integer NOT NULL,
	CONSTRAINT "reminder_compliance_days_pk" PRIMARY KEY("clinic_id","day")
);
--> statement-breakpoint
ALTER TABLE "reminder_compliance_days" ADD CONSTRAINT "reminder_compliance_days_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- GetReminderCompliance's counts per clinic and due day (issue 37, docs/decisions/0192), kept by the triggers below in
-- the statement (so the transaction) of every write that can change them, never written by the app. The rule (issue
-- 33, docs/decisions/0189): the clinic's not deleted vaccinations (9) and antiparasitics (10) due that day; e-mailed
-- (a message carrying the reminder, for any of its dates, was sent); done (marked done, or the pet had a later record
-- of the same type and name, at any clinic); done within 30 days (marked done, in UTC, or that first later record, on
-- or before the due day + 30). tests/api/reminder-compliance-days.test.ts compares the stored counts with the rule
-- after every kind of write.
CREATE FUNCTION reminder_compliance_of(clinic integer, due_day date,
  OUT due integer, OUT notified integer, OUT done integer, OUT done_within_30_days integer)
LANGUAGE sql STABLE AS $$
  SELECT count(*)::int,
         (count(*) FILTER (WHERE r.notified))::int,
         (count(*) FILTER (WHERE r.marked_done OR r.first_done_since IS NOT NULL))::int,
         (count(*) FILTER (WHERE r.marked_done_on <= due_day + 30 OR r.first_done_since <= due_day + 30))::int
  FROM (
    SELECT w.reminder_state = 'done' AS marked_done,
           CASE WHEN w.reminder_state = 'done' THEN (w.reminder_changed_at AT TIME ZONE 'UTC')::date END AS marked_done_on,
           (SELECT min(later.action_date) FROM wellness_records later
             WHERE later.pet_profile_id = w.pet_profile_id AND later.category_type_id = w.category_type_id
               AND later.action_date > w.action_date AND later.deleted_at IS NULL
               AND lower(btrim(later.record_value)) = lower(btrim(w.record_value))) AS first_done_since,
           EXISTS (SELECT 1 FROM reminder_deliveries d JOIN outbox_messages m ON m.id = d.outbox_message_id
             WHERE d.wellness_record_id = w.id AND m.status = 'sent') AS notified
    FROM wellness_records w
    WHERE w.clinic_id = clinic AND w.next_reminder_date = due_day AND w.category_type_id IN (9, 10)
      AND w.deleted_at IS NULL
    OFFSET 0) r
$$;--> statement-breakpoint
-- The days of these (clinic, day) pairs counted again. Writers of one clinic's days take turns (a transaction-level
-- advisory lock, clinics in order), and each count is a new statement, so a new snapshot under READ COMMITTED: it sees
-- what the writer before committed, and no two writers replace each other's counts.
CREATE FUNCTION reminder_compliance_refresh(clinics integer[], days date[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- a record written outside a clinic visit has no clinic: it counts at none (it can still make one done since)
  SELECT array_agg(u.clinic_id), array_agg(u.day) INTO clinics, days
    FROM (SELECT DISTINCT * FROM unnest(clinics, days) AS k (clinic_id, day)
          WHERE k.clinic_id IS NOT NULL AND k.day IS NOT NULL) u;
  IF clinics IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(370001, c) FROM (SELECT DISTINCT unnest(clinics) AS c ORDER BY 1) ordered;
  DELETE FROM reminder_compliance_days t
    USING unnest(clinics, days) AS k (clinic_id, day)
    WHERE t.clinic_id = k.clinic_id AND t.day = k.day;
  INSERT INTO reminder_compliance_days (clinic_id, day, due, notified, done, done_within30_days)
    SELECT k.clinic_id, k.day, c.due, c.notified, c.done, c.done_within_30_days
    FROM unnest(clinics, days) AS k (clinic_id, day)
    CROSS JOIN LATERAL reminder_compliance_of(k.clinic_id, k.day) c
    WHERE c.due > 0;
END
$$;--> statement-breakpoint
-- The days of these pets' reminders (a record of a pet can make any of its earlier ones of the type done since).
CREATE FUNCTION reminder_compliance_refresh_pets(pets integer[], own_clinics integer[], own_days date[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  clinics integer[];
  days date[];
BEGIN
  SELECT array_agg(p.clinic_id), array_agg(p.day) INTO clinics, days FROM (
    SELECT w.clinic_id, w.next_reminder_date AS day FROM wellness_records w
      WHERE w.pet_profile_id = ANY (pets) AND w.category_type_id IN (9, 10) AND w.next_reminder_date IS NOT NULL
    UNION
    SELECT * FROM unnest(own_clinics, own_days) AS o (clinic_id, day) WHERE o.day IS NOT NULL) p;
  PERFORM reminder_compliance_refresh(clinics, days);
END
$$;--> statement-breakpoint
-- Only vaccinations and antiparasitics count or make one done since; an update counts when a column the rule reads
-- changed. A deleted (or moved) row's old day is counted again from the old row: it is no longer in the table.
CREATE FUNCTION wellness_records_compliance_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  pets integer[];
  clinics integer[];
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    pets := ARRAY(SELECT DISTINCT pet_profile_id FROM new_rows WHERE category_type_id IN (9, 10));
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT pet_profile_id), array_agg(clinic_id), array_agg(next_reminder_date)
      INTO pets, clinics, days FROM old_rows WHERE category_type_id IN (9, 10);
  ELSE
    SELECT array_agg(DISTINCT pet), array_agg(o_clinic), array_agg(o_day) INTO pets, clinics, days FROM (
      SELECT n.pet_profile_id AS n_pet, o.pet_profile_id AS o_pet, o.clinic_id AS o_clinic,
             o.next_reminder_date AS o_day
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.category_type_id IN (9, 10) OR o.category_type_id IN (9, 10))
        AND (n.pet_profile_id, n.clinic_id, n.category_type_id, n.action_date, n.record_value, n.next_reminder_date,
             n.reminder_state, n.reminder_changed_at, n.deleted_at)
          IS DISTINCT FROM (o.pet_profile_id, o.clinic_id, o.category_type_id, o.action_date, o.record_value,
             o.next_reminder_date, o.reminder_state, o.reminder_changed_at, o.deleted_at)) changed
    CROSS JOIN LATERAL (VALUES (n_pet), (o_pet)) AS both_pets (pet);
  END IF;
  IF cardinality(pets) > 0 THEN
    PERFORM reminder_compliance_refresh_pets(pets, clinics, days);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER wellness_records_compliance_insert AFTER INSERT ON wellness_records REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION wellness_records_compliance_changed();--> statement-breakpoint
CREATE TRIGGER wellness_records_compliance_update AFTER UPDATE ON wellness_records
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION wellness_records_compliance_changed();--> statement-breakpoint
CREATE TRIGGER wellness_records_compliance_delete AFTER DELETE ON wellness_records REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION wellness_records_compliance_changed();--> statement-breakpoint
-- A reminder's message recorded or its record removed (reminder_deliveries), and a message sent or no longer sent.
CREATE FUNCTION reminder_deliveries_compliance_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  clinics integer[];
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(w.clinic_id), array_agg(w.next_reminder_date) INTO clinics, days
      FROM (SELECT DISTINCT wellness_record_id FROM new_rows) r JOIN wellness_records w ON w.id = r.wellness_record_id
      WHERE w.next_reminder_date IS NOT NULL;
  ELSE
    SELECT array_agg(w.clinic_id), array_agg(w.next_reminder_date) INTO clinics, days
      FROM (SELECT DISTINCT wellness_record_id FROM old_rows) r JOIN wellness_records w ON w.id = r.wellness_record_id
      WHERE w.next_reminder_date IS NOT NULL;
  END IF;
  PERFORM reminder_compliance_refresh(clinics, days);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reminder_deliveries_compliance_insert AFTER INSERT ON reminder_deliveries
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION reminder_deliveries_compliance_changed();--> statement-breakpoint
CREATE TRIGGER reminder_deliveries_compliance_delete AFTER DELETE ON reminder_deliveries
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION reminder_deliveries_compliance_changed();--> statement-breakpoint
CREATE FUNCTION outbox_messages_compliance_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  clinics integer[];
  days date[];
BEGIN
  SELECT array_agg(w.clinic_id), array_agg(w.next_reminder_date) INTO clinics, days
    FROM reminder_deliveries d JOIN wellness_records w ON w.id = d.wellness_record_id
    WHERE d.outbox_message_id = NEW.id AND w.next_reminder_date IS NOT NULL;
  PERFORM reminder_compliance_refresh(clinics, days);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER outbox_messages_compliance AFTER UPDATE OF status ON outbox_messages
FOR EACH ROW WHEN ((OLD.status = 'sent') IS DISTINCT FROM (NEW.status = 'sent'))
EXECUTE FUNCTION outbox_messages_compliance_changed();--> statement-breakpoint
-- Every clinic's days now.
INSERT INTO reminder_compliance_days (clinic_id, day, due, notified, done, done_within30_days)
SELECT k.clinic_id, k.day, c.due, c.notified, c.done, c.done_within_30_days
FROM (SELECT DISTINCT clinic_id, next_reminder_date AS day FROM wellness_records
      WHERE next_reminder_date IS NOT NULL AND category_type_id IN (9, 10) AND deleted_at IS NULL) k
CROSS JOIN LATERAL reminder_compliance_of(k.clinic_id, k.day) c
WHERE c.due > 0;
