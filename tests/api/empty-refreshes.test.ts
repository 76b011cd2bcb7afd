import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnBothDatabases } from '#tests/support/databases';

/**
 * Migration 0057: a new patient whose pet has no reminders at the clinic asks for the delivery status of none. The
 * refresh returns at once instead of running an UPDATE of no wellness records, which still fired the statement
 * triggers of wellness_records (the Due refresh, the compliance days, the change feed) once per patient row: most of
 * the cost of a bulk insert of patients (the scale benchmark's fill, an import). Counted, not timed: the functions
 * one insert of patients calls, in its own transaction (track_functions).
 */
describeOnBothDatabases('a new patient without reminders refreshes nothing', (ctx) => {
  const rows = async (q: ReturnType<typeof sql>) =>
    ((await ctx().db.execute(q)) as unknown as { rows: Record<string, string | number>[] }).rows;

  it('fires no trigger of wellness_records for three new patients', async () => {
    const [{ clinic }] = await rows(sql`SELECT id AS clinic FROM clinics WHERE username = 'demo.clinic'`);
    const pets = await rows(sql`
      INSERT INTO pet_profiles (public_id, name, pet_type_id, pet_breed_id, dob, gender_id, color)
      SELECT 'EMPTY' || g, 'No reminders ' || g, b.pet_type_id, b.id, date '2020-01-01', 1, 'brown'
      FROM generate_series(1, 3) g CROSS JOIN (SELECT id, pet_type_id FROM pet_breeds ORDER BY id LIMIT 1) b
      RETURNING id`);
    const calls = await ctx().db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL track_functions = 'pl'`);
      for (const { id } of pets)
        await tx.execute(sql`
          INSERT INTO clinic_patients (clinic_id, pet_profile_id, owner_name_for_vet, owner_phone_for_vet, owner_email_for_vet)
          VALUES (${clinic}, ${id}, 'Owner', '+1 555 0100', 'owner@example.com')`);
      return (
        (await tx.execute(
          sql`SELECT funcname, calls FROM pg_stat_xact_user_functions ORDER BY funcname`,
        )) as unknown as { rows: { funcname: string; calls: string | number }[] }
      ).rows.map((r) => [r.funcname, Number(r.calls)]);
    });
    const called = Object.fromEntries(calls);
    // the patient rows' own triggers ran, once a row
    expect(called.clinic_patients_delivery_status_changed).toBe(3);
    // and none of wellness_records': no UPDATE of it ran
    expect(called.wellness_records_due_changed).toBeUndefined();
    expect(called.wellness_records_compliance_changed).toBeUndefined();
    expect(called.reminder_delivery_status_of).toBeUndefined();
  });
});
