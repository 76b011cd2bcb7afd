import { and, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { clinicPatients, clinics, vetVisits } from '#server/db/schema';
import { errorText, loggableError } from '#server/http/loggable-error';
import { startTestServer, type TestServer } from '#tests/support/databases';
import { bearer, DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';
import { firstDogBreedId } from '#tests/support/breeds';

/**
 * Issue 19 item 7 (decision 0003, docs/decisions/0094): a failed query is logged with its
 * statement, never with the values it was given, on both drivers and on every log path: the
 * 500 path, the 503 path (the database away), and the command-line line.
 */
const SECRET_NOTE = 'Suspected poisoning, owner distressed: SECRET-NOTE-7731';
const SECRET_OWNER = 'Zelda Secretowner';
const SECRET_PHONE = '+1 555 0199 7731';
const SECRET_POSITION = '51.507351,-0.127758';
const SECRETS = [
  SECRET_NOTE,
  'SECRET-NOTE-7731',
  SECRET_OWNER,
  SECRET_PHONE,
  '0199 7731',
  SECRET_POSITION,
  '51.507351',
  '-0.127758',
];

for (const kind of ['pglite', 'postgres'] as const) {
  const skip = kind === 'postgres' && inject('pgUnavailable') !== '';
  (skip ? describe.skip : describe)(`Failed SQL in the logs [${kind}]`, () => {
    let server: TestServer;
    const lines: string[] = [];
    const logged = () => lines.join('');

    beforeAll(async () => {
      server = await startTestServer(
        kind,
        { logLevel: 'info' },
        { logStream: { write: (line: string) => void lines.push(line) } },
      );
      // Real failures of real statements, carrying the values they were given in PostgreSQL's own fields.
      for (const statement of [
        `CREATE FUNCTION test_refuse_patient() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'duplicate key value violates unique constraint "clinic_patients_phone", value "%"', NEW.owner_phone_for_vet
            USING ERRCODE = '23505', DETAIL = format('Key (owner_name_for_vet, owner_phone_for_vet)=(%s, %s) already exists.', NEW.owner_name_for_vet, NEW.owner_phone_for_vet),
                  CONSTRAINT = 'clinic_patients_phone', TABLE = 'clinic_patients';
        END $$`,
        `CREATE TRIGGER test_refuse_patient BEFORE INSERT ON clinic_patients FOR EACH ROW EXECUTE FUNCTION test_refuse_patient()`,
        `CREATE FUNCTION test_database_away() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.notes LIKE '%SECRET-NOTE%' THEN
            RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01', DETAIL = NEW.notes;
          END IF;
          RETURN NEW;
        END $$`,
        `CREATE TRIGGER test_database_away BEFORE INSERT ON wellness_records FOR EACH ROW EXECUTE FUNCTION test_database_away()`,
      ])
        await server.db.execute(sql.raw(statement));
    }, 60_000);
    afterAll(async () => {
      await server?.server.stop();
    });

    it('a failed insert of owner contact data answers 500 and logs the statement, never the name or phone', async () => {
      const token = await loginClinic(server.app, DEMO_CLINIC);
      const breedId = await firstDogBreedId(server.db);
      const res = await server.app.inject({
        method: 'POST',
        url: API.createVetPet,
        headers: bearer(token),
        payload: {
          petName: 'Logged',
          petTypeId: 1,
          petBreedId: breedId,
          ownerNameForVet: SECRET_OWNER,
          ownerPhoneForVet: SECRET_PHONE,
          petGenderId: 1,
          petDateOfBirth: '2020-01-01',
        },
      });
      expect(res.statusCode).toBe(500);
      const text = logged();
      expect(text).toContain('unhandled error');
      expect(text).toMatch(/insert into \\?"clinic_patients\\?"/i);
      expect(text).toContain('23505');
      expect(text).toContain('clinic_patients_phone');
      for (const secret of SECRETS) expect(text).not.toContain(secret);
    });

    it("the database away while a visit's consultation notes are saved: 503, and the notes stay out of the log", async () => {
      const token = await loginClinic(server.app, DEMO_CLINIC);
      const [visit] = await server.db
        .select({
          id: vetVisits.id,
          petId: vetVisits.petProfileId,
          userId: vetVisits.vetUserId,
          date: vetVisits.visitDate,
        })
        .from(vetVisits)
        .innerJoin(clinics, eq(clinics.id, vetVisits.clinicId))
        .where(and(eq(clinics.username, DEMO_CLINIC)))
        .limit(1);
      const payload = {
        petId: visit.petId,
        vetUserId: visit.userId,
        vetVisitId: visit.id,
        visitDate: visit.date,
        notes: '',
        weight: [],
        vaccinations: [],
        antiparasitics: [],
        consultations: [{ title: 'History', notes: SECRET_NOTE, date: visit.date, nextReminderDate: null }],
        pictures: [],
      };
      const res = await server.app.inject({ method: 'POST', url: API.saveVetVisit, headers: bearer(token), payload });
      expect(res.statusCode).toBe(503);
      const text = logged();
      expect(text).toContain('database unavailable');
      expect(text).toContain('57P01');
      for (const secret of SECRETS) expect(text).not.toContain(secret);
    });

    it("a visitor's position in a failed query: neither the serializer nor the command-line text shows it", async () => {
      let failure: unknown;
      try {
        await server.db.execute(sql`select ${SECRET_POSITION}::double precision as latitude`);
      } catch (err) {
        failure = err;
      }
      expect(failure).toBeInstanceOf(Error);
      // Unsanitised, the error does carry it (drizzle's message, PGlite's params, the quoted value).
      expect(
        JSON.stringify({ message: (failure as Error).message, cause: String((failure as Error).cause) }),
      ).toContain(SECRET_POSITION);
      const safe = JSON.stringify(loggableError(failure));
      expect(safe).toContain('select $1::double precision');
      expect(safe).toContain('22P02');
      for (const secret of SECRETS) expect(safe).not.toContain(secret);
      for (const secret of SECRETS) expect(errorText(failure)).not.toContain(secret);
      // The patient rows were never written.
      expect(
        await server.db.select().from(clinicPatients).where(eq(clinicPatients.ownerPhoneForVet, SECRET_PHONE)),
      ).toHaveLength(0);
    });
  });
}
