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
DROP INDEX "wellness_records_reminder_idx";--> statement-breakpoint
ALTER TABLE "wellness_records" ADD COLUMN "reminder_delivery_status" text;--> statement-breakpoint
ALTER TABLE "reminder_compliance_days" ADD CONSTRAINT "reminder_compliance_days_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wellness_records_reminder_idx" ON "wellness_records" USING btree ("clinic_id","next_reminder_date","id","category_type_id","pet_profile_id","reminder_delivery_status") WHERE "wellness_records"."next_reminder_date" is not null and "wellness_records"."deleted_at" is null;--> statement-breakpoint
-- GetReminderCompliance's counts per clinic and due day (issue 37, docs/decisions/0192), kept by the triggers below in
-- the statement (so the transaction) of every write that can change them, never written by the app. The rule (issue
-- 33, docs/decisions/0189): the clinic's not deleted vaccinations (9) and antiparasitics (10) due that day; e-mailed
-- (a message carrying the reminder, for any of its dates, was sent); done (marked done, or the pet had a later record
-- of the same type and name, at any clinic); done within 30 days (marked done, in UTC, or that first later record, on
-- or before the due day + 30). tests/api/reminder-compliance.test.ts compares the stored counts with the rule
-- after every kind of write.
-- PL/pgSQL, not SQL: a SQL function returning one row is neither inlined nor planned once, so its statement would be
-- planned again at every call (migration 0054); use_column keeps a SQL function's name resolution.
CREATE FUNCTION reminder_compliance_of(clinic integer, due_day date,
  OUT due integer, OUT notified integer, OUT done integer, OUT done_within_30_days integer)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  SELECT count(*)::int,
         (count(*) FILTER (WHERE r.notified))::int,
         (count(*) FILTER (WHERE r.marked_done OR r.first_done_since IS NOT NULL))::int,
         (count(*) FILTER (WHERE r.marked_done_on <= due_day + 30 OR r.first_done_since <= due_day + 30))::int
    INTO due, notified, done, done_within_30_days
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
    OFFSET 0) r;
END
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
--> statement-breakpoint
-- The state of each clinic reminder's owner e-mail for its current due date, stored on the record (issue 37,
-- docs/decisions/0192) so the reminder list's and the calendar's status filter read wellness_records_reminder_idx
-- alone. Kept by the triggers below in the statement (so the transaction) of every write that can change it, never
-- written by the app. The rule is deliveryStatus (src/server/visits/list-reminders.ts): the message carrying the
-- reminder for that date (reminder_deliveries) sent, failed or dropped, else queued or being sent; without one, the
-- patient row's owner address not deliverable (deliverableAddress, src/shared/email-address.ts), the owner opted
-- out (ownerConsentsToReminders), else not sent. A change to that rule is a new migration here;
-- tests/api/reminder-delivery-status.test.ts compares the two after every kind of write.
CREATE FUNCTION reminder_delivery_status_of(record_id bigint, clinic integer, pet integer, category integer,
  due_day date) RETURNS text
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  status text;
BEGIN
  SELECT CASE
    WHEN clinic IS NULL OR due_day IS NULL OR category NOT IN (9, 10) THEN NULL
    WHEN m.status = 'sent' THEN 'sent'
    WHEN m.status IN ('failed', 'dropped') THEN 'failed'
    WHEN m.status IS NOT NULL THEN 'queued'
    WHEN NOT (length(btrim(coalesce(p.owner_email_for_vet, ''))) <= 254
      AND btrim(coalesce(p.owner_email_for_vet, '')) ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$')
      THEN 'noEmail'
    WHEN NOT coalesce((SELECT o.reminders_by_email FROM clinic_owners o WHERE o.id = p.clinic_owner_id), true)
      THEN 'optedOut'
    ELSE 'notSent' END
    INTO status
  FROM (SELECT 1) AS one
  LEFT JOIN reminder_deliveries d ON d.wellness_record_id = record_id AND d.reminder_date = due_day
  LEFT JOIN outbox_messages m ON m.id = d.outbox_message_id
  LEFT JOIN clinic_patients p ON p.clinic_id = clinic AND p.pet_profile_id = pet;
  RETURN status;
END
$$;--> statement-breakpoint
-- These records' stored state, where it changed.
CREATE FUNCTION reminder_delivery_status_refresh(ids bigint[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE wellness_records w SET reminder_delivery_status = x.status
  FROM (SELECT r.id, reminder_delivery_status_of(r.id, r.clinic_id, r.pet_profile_id, r.category_type_id,
          r.next_reminder_date) AS status
        FROM wellness_records r WHERE r.id = ANY (ids)) x
  WHERE w.id = x.id AND w.reminder_delivery_status IS DISTINCT FROM x.status
$$;--> statement-breakpoint
-- A record written: its own state, before it is stored (a new record has no message yet).
CREATE FUNCTION wellness_records_delivery_status_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.reminder_delivery_status := reminder_delivery_status_of(NEW.id, NEW.clinic_id, NEW.pet_profile_id,
    NEW.category_type_id, NEW.next_reminder_date);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER wellness_records_delivery_status
BEFORE INSERT OR UPDATE OF clinic_id, pet_profile_id, category_type_id, next_reminder_date ON wellness_records
FOR EACH ROW EXECUTE FUNCTION wellness_records_delivery_status_row();--> statement-breakpoint
-- A message recorded for a reminder's date, or its record removed.
CREATE FUNCTION reminder_deliveries_delivery_status_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM reminder_delivery_status_refresh(ARRAY(SELECT DISTINCT wellness_record_id FROM new_rows));
  ELSE
    PERFORM reminder_delivery_status_refresh(ARRAY(SELECT DISTINCT wellness_record_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reminder_deliveries_delivery_status_insert AFTER INSERT ON reminder_deliveries
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION reminder_deliveries_delivery_status_changed();--> statement-breakpoint
CREATE TRIGGER reminder_deliveries_delivery_status_delete AFTER DELETE ON reminder_deliveries
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION reminder_deliveries_delivery_status_changed();--> statement-breakpoint
-- A message's status changed (queued, sending, sent, failed, dropped).
CREATE FUNCTION outbox_messages_delivery_status_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reminder_delivery_status_refresh(ARRAY(
    SELECT wellness_record_id FROM reminder_deliveries WHERE outbox_message_id = NEW.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER outbox_messages_delivery_status AFTER UPDATE OF status ON outbox_messages
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
EXECUTE FUNCTION outbox_messages_delivery_status_changed();--> statement-breakpoint
-- A patient row's owner address or owner changed, or the row added, moved or removed: the pet's reminders at the
-- clinic (old and new).
CREATE FUNCTION clinic_patients_delivery_status_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reminder_delivery_status_refresh(ARRAY(
    SELECT w.id FROM wellness_records w
    JOIN (VALUES (CASE WHEN TG_OP <> 'INSERT' THEN OLD.pet_profile_id END, CASE WHEN TG_OP <> 'INSERT' THEN OLD.clinic_id END),
                 (CASE WHEN TG_OP <> 'DELETE' THEN NEW.pet_profile_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.clinic_id END))
      AS k (pet, clinic) ON w.pet_profile_id = k.pet AND w.clinic_id = k.clinic
    WHERE w.category_type_id IN (9, 10) AND w.next_reminder_date IS NOT NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER clinic_patients_delivery_status_insert AFTER INSERT ON clinic_patients
FOR EACH ROW EXECUTE FUNCTION clinic_patients_delivery_status_changed();--> statement-breakpoint
CREATE TRIGGER clinic_patients_delivery_status_delete AFTER DELETE ON clinic_patients
FOR EACH ROW EXECUTE FUNCTION clinic_patients_delivery_status_changed();--> statement-breakpoint
CREATE TRIGGER clinic_patients_delivery_status_update
AFTER UPDATE OF owner_email_for_vet, clinic_owner_id, clinic_id, pet_profile_id ON clinic_patients
FOR EACH ROW WHEN ((OLD.owner_email_for_vet, OLD.clinic_owner_id, OLD.clinic_id, OLD.pet_profile_id)
  IS DISTINCT FROM (NEW.owner_email_for_vet, NEW.clinic_owner_id, NEW.clinic_id, NEW.pet_profile_id))
EXECUTE FUNCTION clinic_patients_delivery_status_changed();--> statement-breakpoint
-- An owner's consent to reminder e-mails changed: the reminders of their pets at the clinic.
CREATE FUNCTION clinic_owners_delivery_status_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reminder_delivery_status_refresh(ARRAY(
    SELECT w.id FROM clinic_patients p
    JOIN wellness_records w ON w.pet_profile_id = p.pet_profile_id AND w.clinic_id = p.clinic_id
    WHERE p.clinic_owner_id = NEW.id AND w.category_type_id IN (9, 10) AND w.next_reminder_date IS NOT NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER clinic_owners_delivery_status AFTER UPDATE OF reminders_by_email ON clinic_owners
FOR EACH ROW WHEN (OLD.reminders_by_email IS DISTINCT FROM NEW.reminders_by_email)
EXECUTE FUNCTION clinic_owners_delivery_status_changed();--> statement-breakpoint
-- Every clinic reminder now.
UPDATE wellness_records w SET reminder_delivery_status = reminder_delivery_status_of(w.id, w.clinic_id,
  w.pet_profile_id, w.category_type_id, w.next_reminder_date)
WHERE w.category_type_id IN (9, 10) AND w.clinic_id IS NOT NULL AND w.next_reminder_date IS NOT NULL;
