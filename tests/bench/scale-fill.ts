import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * The fraction of the full size the scale benchmark fills: SCALE_SIZE=0.1 (a tenth of every count but
 * the 100 clinics) to iterate quickly on a loaded machine; 1 (the default) for the figures of record.
 */
const SIZE = Math.min(1, Math.max(0.1, Number(process.env.SCALE_SIZE ?? 1) || 1));
const sized = (n: number) => Math.round(n * SIZE);

/** Row counts the scale benchmark adds on top of the demo seed (issue 6), at SCALE_SIZE. */
export const SCALE = {
  pets: sized(1_000_000),
  providers: sized(200_000),
  clinics: 100,
  patients: sized(500_000),
  visits: sized(1_000_000),
  recordsPerVisit: 3,
} as const;

/** Tables large enough that a sequential scan of them is a finding. */
export const LARGE_TABLES = [
  'pet_profiles',
  'providers',
  'clinic_patients',
  'vet_visits',
  'wellness_records',
  'lost_pet_details',
];

export const SCALE_CLINIC_USERNAME = 'scale.clinic.1';
/** A clinic with EXPORT_PATIENTS patients, for the export measurement (issue 21). */
export const EXPORT_CLINIC_USERNAME = 'scale.clinic.export';
const EXPORT_PATIENTS = 100_000;

/**
 * Fills a seeded database by SQL (generate_series, INSERT … SELECT): pets with lost and adoption
 * shares like the demo's, providers of the five kinds over every country, 100 clinics (the same
 * password as the demo clinic) with 5,000 patients and 10,000 visits each, three wellness records
 * per visit (weight, vaccination with a reminder, antiparasitic). Each clinic's first staff person is its administrator:
 * a clinic account's login signs in as its first administrator (issue 31), and has none without one. Takes minutes.
 */
export async function fillScaleData(client: pg.Client, log: (line: string) => void): Promise<Record<string, number>> {
  const step = async (what: string, sql: string) => {
    const t = Date.now();
    const r = await client.query(sql);
    log(`  ${what}: ${r.rowCount ?? 0} rows in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  await client.query(`
    CREATE TEMP TABLE scale_types AS SELECT array_agg(id ORDER BY id) AS ids FROM pet_types;
    CREATE TEMP TABLE scale_breeds AS SELECT pet_type_id AS type_id, array_agg(id ORDER BY id) AS ids FROM pet_breeds GROUP BY 1;
    CREATE TEMP TABLE scale_countries AS SELECT array_agg(id ORDER BY id) AS ids FROM countries;
  `);
  const names = `array['Bella','Max','Luna','Charlie','Lucy','Cooper','Daisy','Milo','Bailey','Rocky','Coco','Leo','Nala','Simba','Oliver','Ruby','Teddy','Zoe','Buddy','Rosie']`;
  await step(
    `pet profiles (${SCALE.pets})`,
    `INSERT INTO pet_profiles (public_id, name, pet_type_id, pet_breed_id, dob, gender_id, color, is_sterilized, is_lost, is_for_adoption, is_records_private, owner_contact_phone, owner_contact_email, description)
     SELECT 'SCL' || lpad(g::text, 7, '0'), (${names})[1 + g % 20] || ' ' || g, t.type_id,
            b.ids[1 + (g / 7) % array_length(b.ids, 1)], date '2012-01-01' + (g % 4000), 1 + g % 2, 'brown', (g % 3 = 0),
            g % 50 = 0, g % 40 = 1, g % 9 = 0, '+1 555 ' || lpad((g % 9999999)::text, 7, '0'), 'owner' || g || '@example.com', ''
     FROM generate_series(1, ${SCALE.pets}) g
     CROSS JOIN scale_types st
     CROSS JOIN LATERAL (SELECT st.ids[1 + g % array_length(st.ids, 1)] AS type_id) t
     JOIN scale_breeds b ON b.type_id = t.type_id`,
  );
  await step(
    'lost pet details',
    `INSERT INTO lost_pet_details (pet_profile_id, lost_date, contact_phone_number, address, reward, notes, latitude, longitude)
     SELECT id, current_date - (id % 60), '+1 555 0100', 'Somewhere street ' || id, NULL, '', 40 + (id % 1000) / 1000.0, -3 - (id % 1000) / 1000.0
     FROM pet_profiles WHERE is_lost AND public_id LIKE 'SCL%'`,
  );
  await step(
    `providers (${SCALE.providers})`,
    `INSERT INTO providers (kind, name, image, speciality, address, city, country_id, description, phone_number, latitude, longitude)
     SELECT (array['sitter','trainer','walker','groomer','vet'])[1 + g % 5], 'Provider ' || g, (SELECT image FROM providers ORDER BY id LIMIT 1),
            'General care', g || ' Main Street', 'City ' || (g % 500), c.ids[1 + (g / 5) % array_length(c.ids, 1)], 'A provider made for the scale benchmark.',
            '+1 555 ' || lpad(g::text, 7, '0'), 10 + (g % 7000) / 100.0, (g % 30000) / 100.0 - 150
     FROM generate_series(1, ${SCALE.providers}) g CROSS JOIN scale_countries c`,
  );
  await step(
    `clinics (${SCALE.clinics}) and staff`,
    `WITH c AS (
       INSERT INTO clinics (name, username, password_hash)
       SELECT 'Scale Clinic ' || g, 'scale.clinic.' || g, (SELECT password_hash FROM clinics WHERE username = 'demo.clinic')
       FROM generate_series(1, ${SCALE.clinics}) g RETURNING id)
     INSERT INTO clinic_users (clinic_id, name, role)
     SELECT c.id, 'Dr. Staff ' || u, CASE u WHEN 1 THEN 'admin' ELSE 'vet' END FROM c CROSS JOIN generate_series(1, 3) u`,
  );
  await client.query(`
    CREATE TEMP TABLE scale_clinics AS
      SELECT array_agg(id ORDER BY id) AS ids FROM clinics WHERE username LIKE 'scale.clinic.%';
    CREATE TEMP TABLE scale_pet0 AS SELECT min(id) - 1 AS base FROM pet_profiles WHERE public_id LIKE 'SCL%';
    CREATE TEMP TABLE scale_vet AS SELECT clinic_id, min(id) AS user_id FROM clinic_users GROUP BY clinic_id;
  `);
  // Patient k (1..patients) is pet base+k, a patient of scale clinic number k % clinics.
  await step(
    `clinic patients (${SCALE.patients})`,
    `INSERT INTO clinic_patients (clinic_id, pet_profile_id, owner_name_for_vet, owner_phone_for_vet, owner_email_for_vet)
     SELECT sc.ids[1 + k % ${SCALE.clinics}], p.base + k, 'Owner ' || (${names})[1 + k % 20] || ' ' || k, '+1 555 ' || lpad(k::text, 7, '0'), 'client' || k || '@example.com'
     FROM generate_series(1, ${SCALE.patients}) k CROSS JOIN scale_clinics sc CROSS JOIN scale_pet0 p`,
  );
  await step(
    `export clinic with ${EXPORT_PATIENTS} patients`,
    `WITH c AS (
       INSERT INTO clinics (name, username, password_hash)
       VALUES ('Scale Export Clinic', '${EXPORT_CLINIC_USERNAME}', (SELECT password_hash FROM clinics WHERE username = 'demo.clinic')) RETURNING id),
     u AS (INSERT INTO clinic_users (clinic_id, name, role) SELECT id, 'Dr. Export', 'admin' FROM c)
     INSERT INTO clinic_patients (clinic_id, pet_profile_id, owner_name_for_vet, owner_phone_for_vet, owner_email_for_vet)
     SELECT c.id, p.base + k, 'Export Owner ' || k, '+1 555 ' || lpad(k::text, 7, '0'), 'export' || k || '@example.com'
     FROM generate_series(1, ${EXPORT_PATIENTS}) k CROSS JOIN c CROSS JOIN scale_pet0 p`,
  );
  await step(
    `visits (${SCALE.visits})`,
    `INSERT INTO vet_visits (clinic_id, pet_profile_id, vet_user_id, visit_date, notes, is_finished)
     SELECT cl, p.base + k, v.user_id, current_date - (g % 730) + 7, '', g % 3 <> 0
     FROM generate_series(1, ${SCALE.visits}) g
     CROSS JOIN scale_clinics sc CROSS JOIN scale_pet0 p
     CROSS JOIN LATERAL (SELECT 1 + (g::bigint * 7919) % ${SCALE.patients} AS k) kk
     CROSS JOIN LATERAL (SELECT sc.ids[1 + kk.k % ${SCALE.clinics}] AS cl) c
     JOIN scale_vet v ON v.clinic_id = c.cl`,
  );
  // One statement for every record, with two of its triggers' per-row work done once for the load, set-based (the
  // same values: checkFilledRecords compares a sample with the functions). The e-mail state (migration 0055's BEFORE
  // INSERT trigger calls reminder_delivery_status_of per record, 2,000,000 calls at full size): a new record has no
  // message yet, so its state is that of its clinic's patient row and owner, asked once per patient. The Due dates
  // (migration 0052's statement trigger calls clinic_patients_due_of per patient row of the pets): one grouped
  // UPDATE by the same rule. The other triggers (compliance days, calendar counts, the change feed) run as for any
  // write. The two triggers are off inside this transaction only.
  const t0 = Date.now();
  await client.query('BEGIN');
  await client.query(`
    CREATE TEMP TABLE scale_record_status AS
    SELECT k.clinic_id, k.pet_profile_id, reminder_delivery_status_of(0, k.clinic_id, k.pet_profile_id, 9, current_date) AS status
    FROM (SELECT DISTINCT v.clinic_id, v.pet_profile_id
          FROM vet_visits v JOIN clinics c ON c.id = v.clinic_id AND c.username LIKE 'scale.clinic.%') k`);
  await client.query(
    'ALTER TABLE wellness_records DISABLE TRIGGER wellness_records_delivery_status, DISABLE TRIGGER wellness_records_due_insert',
  );
  const records = await client.query(
    `INSERT INTO wellness_records (pet_profile_id, category_type_id, clinic_id, vet_visit_id, vet_user_id, action_date, record_value, unit_id, notes, next_reminder_date, reminder_delivery_status)
     SELECT r.*, CASE WHEN r.next_reminder_date IS NOT NULL THEN s.status END
     FROM (SELECT v.pet_profile_id, (array[1, 9, 10])[i], v.clinic_id, v.id, v.vet_user_id, v.visit_date,
                  CASE i WHEN 1 THEN (5 + v.id % 30)::text WHEN 2 THEN 'Rabies' ELSE 'Flea Treatment' END,
                  CASE i WHEN 1 THEN (SELECT min(id) FROM units_of_measure) END, '',
                  CASE i WHEN 2 THEN current_date + (v.id % 90)::int WHEN 3 THEN CASE WHEN v.id % 4 = 0 THEN current_date + (v.id % 45)::int END END AS next_reminder_date
           FROM vet_visits v JOIN clinics c ON c.id = v.clinic_id AND c.username LIKE 'scale.clinic.%'
           CROSS JOIN generate_series(1, ${SCALE.recordsPerVisit}) i) r
     JOIN scale_record_status s ON s.clinic_id = r.clinic_id AND s.pet_profile_id = r.pet_profile_id`,
  );
  await client.query(
    'ALTER TABLE wellness_records ENABLE TRIGGER wellness_records_delivery_status, ENABLE TRIGGER wellness_records_due_insert',
  );
  // clinic_patients_due_of (migration 0054) for every patient row of these pets at once
  await client.query(`
    UPDATE clinic_patients p SET reminders_overdue_after = d.overdue_after, reminders_due_from = d.due_from
    FROM (SELECT c.id, x.overdue_after, x.due_from
          FROM clinic_patients c
          LEFT JOIN (SELECT w.clinic_id, w.pet_profile_id,
                       min(CASE WHEN w.reminder_state = 'snoozed' THEN greatest(w.next_reminder_date, w.reminder_until)
                                ELSE w.next_reminder_date END) AS overdue_after,
                       min(CASE WHEN w.reminder_state = 'snoozed' THEN greatest(w.next_reminder_date - 30, w.reminder_until + 1)
                                ELSE w.next_reminder_date - 30 END) AS due_from
                     FROM wellness_records w
                     WHERE w.pet_profile_id IN (SELECT s.pet_profile_id FROM scale_record_status s)
                       AND w.category_type_id IN (9, 10) AND w.deleted_at IS NULL AND w.next_reminder_date IS NOT NULL
                       AND w.reminder_state IN ('open', 'snoozed')
                       AND NOT EXISTS (SELECT 1 FROM wellness_records later
                         WHERE later.pet_profile_id = w.pet_profile_id AND later.category_type_id = w.category_type_id
                           AND later.action_date > w.action_date AND later.deleted_at IS NULL
                           AND lower(btrim(later.record_value)) = lower(btrim(w.record_value)))
                       AND NOT EXISTS (SELECT 1 FROM visit_request_reminders booked_for
                         JOIN visit_requests booked ON booked.id = booked_for.visit_request_id
                         WHERE booked_for.wellness_record_id = w.id AND booked_for.reminder_date = w.next_reminder_date
                           AND booked.state = 'booked')
                     GROUP BY 1, 2) x ON x.clinic_id = c.clinic_id AND x.pet_profile_id = c.pet_profile_id
          WHERE c.pet_profile_id IN (SELECT s.pet_profile_id FROM scale_record_status s)) d
    WHERE p.id = d.id AND (p.reminders_overdue_after, p.reminders_due_from) IS DISTINCT FROM (d.overdue_after, d.due_from)`);
  await client.query('COMMIT');
  log(
    `  wellness records (${SCALE.visits * SCALE.recordsPerVisit}): ${records.rowCount ?? 0} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  await checkFilledRecords(client, log);
  // Issue 37: the owners' list and its duplicates at scale. Every patient written here got an owner of its own from
  // migration 0042's trigger; every 50th owner of the timed clinic takes the e-mail of the one before it.
  await step(
    `duplicate owners of ${SCALE_CLINIC_USERNAME}`,
    `UPDATE clinic_owners o SET email = d.previous
     FROM (SELECT o.id, lag(o.email) OVER (ORDER BY o.id) AS previous, row_number() OVER (ORDER BY o.id) AS n
           FROM clinic_owners o JOIN clinics c ON c.id = o.clinic_id AND c.username = '${SCALE_CLINIC_USERNAME}') d
     WHERE o.id = d.id AND d.n % 50 = 0`,
  );
  // Issue 33: the reminder sweep over every scale clinic, each with the schedule on from midnight UTC.
  await step(
    'reminder schedules of the scale clinics',
    `INSERT INTO reminder_schedules (clinic_id, enabled, stages, send_hour, time_zone)
     SELECT id, true, '[-14, 0, 14]'::jsonb, 0, 'UTC' FROM clinics WHERE username LIKE 'scale.clinic.%'
     ON CONFLICT (clinic_id) DO UPDATE SET enabled = true, stages = excluded.stages, send_hour = 0, time_zone = 'UTC'`,
  );
  const t = Date.now();
  // What autovacuum does on a live server after a bulk load: statistics plus the visibility map,
  // without which index-only scans (the listing counts) must visit the heap.
  await client.query('VACUUM ANALYZE');
  log(`  VACUUM ANALYZE in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  const counts: Record<string, number> = {};
  for (const table of ['pet_profiles', 'providers', 'clinics', 'clinic_patients', 'vet_visits', 'wellness_records']) {
    const r = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
    counts[table] = Number(r.rows[0].n);
  }
  return counts;
}

/**
 * The stored state the fill wrote without the triggers' per-row calls, against the functions those triggers call, on
 * a sample (every 97th record of the scale clinics, every 53rd of their patient rows): the e-mail state of each
 * reminder (reminder_delivery_status_of, migration 0055), and the Due dates the statement trigger refreshed
 * (clinic_patients_due_of, 0054). Throws on any difference.
 */
async function checkFilledRecords(client: pg.Client, log: (line: string) => void): Promise<void> {
  const t = Date.now();
  const { rows } = await client.query<{ records: number; statusOff: number; patients: number; dueOff: number }>(`
    WITH r AS (SELECT w.* FROM wellness_records w JOIN clinics c ON c.id = w.clinic_id AND c.username LIKE 'scale.clinic.%'
               WHERE w.id % 97 = 0),
         p AS (SELECT cp.* FROM clinic_patients cp JOIN clinics c ON c.id = cp.clinic_id AND c.username LIKE 'scale.clinic.%'
               WHERE cp.id % 53 = 0)
    SELECT (SELECT count(*)::int FROM r) AS records,
           (SELECT count(*)::int FROM r WHERE r.reminder_delivery_status IS DISTINCT FROM
              reminder_delivery_status_of(r.id, r.clinic_id, r.pet_profile_id, r.category_type_id, r.next_reminder_date)) AS "statusOff",
           (SELECT count(*)::int FROM p) AS patients,
           (SELECT count(*)::int FROM p CROSS JOIN LATERAL clinic_patients_due_of(p.clinic_id, p.pet_profile_id) d
             WHERE (p.reminders_overdue_after, p.reminders_due_from) IS DISTINCT FROM (d.overdue_after, d.due_from)) AS "dueOff"`);
  const [c] = rows;
  log(
    `  checked ${c.records} records' e-mail state (${c.statusOff} off) and ${c.patients} patients' Due dates (${c.dueOff} off) in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );
  if (c.records === 0 || c.patients === 0 || c.statusOff > 0 || c.dueOff > 0)
    throw new Error('the fill wrote e-mail states or Due dates the functions do not give');
}

/**
 * The fill's version for a kept fill (scale-keep.ts): its statements (as the function's compiled text, which
 * formatting and comments do not change) and its counts. Any change to what the fill writes makes another version.
 */
export function scaleFillVersion(): string {
  return createHash('sha256')
    .update(fillScaleData.toString())
    .update(JSON.stringify({ SCALE, EXPORT_PATIENTS, SCALE_CLINIC_USERNAME, EXPORT_CLINIC_USERNAME }))
    .digest('hex')
    .slice(0, 16);
}
