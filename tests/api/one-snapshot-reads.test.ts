import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { clinicUsers, clinics } from '#server/db/schema';
import { readOneSnapshot } from '#server/db/one-snapshot';
import { numberedSave, savedNumber, testPet } from '#tests/faults/portal-client';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases } from '#tests/support/databases';
import { isoDay } from '#tests/support/days';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

/** How long each race runs. */
const DURATION_MS = 4000;

/**
 * Issue 35 item 1: an answer built from several statements reads one snapshot. GetVetVisitDetails
 * read the visit, then its records; during concurrent saves a read showed the notes of one save
 * with the records of another. A list's page and its count were two statements as well: during
 * concurrent creates the count disagreed with the rows of the page.
 */
describeOnBothDatabases(
  'Answers read from one snapshot under concurrent writes',
  (ctx) => {
    let token = '';
    let vetUserId = 0;
    const api = injectApi(
      () => ctx().app,
      () => ({ token }),
    );

    beforeAll(async () => {
      token = await loginClinic(ctx().app, DEMO_CLINIC);
      const [user] = await ctx()
        .db.select({ id: clinicUsers.id })
        .from(clinicUsers)
        .innerJoin(clinics, eq(clinics.id, clinicUsers.clinicId))
        .where(eq(clinics.username, DEMO_CLINIC))
        .orderBy(asc(clinicUsers.id))
        .limit(1);
      vetUserId = user.id;
    });

    async function newPet(name: string): Promise<number> {
      const pet = await api.envelope.postForm(API.createVetPet, testPet(name));
      expect(pet.result).toBe(1);
      return pet.data.petProfileId;
    }

    /** Runs `loops` copies of `step` one after another each, until `ms` have passed. */
    async function during(ms: number, loops: number, step: () => Promise<void>): Promise<void> {
      const until = Date.now() + ms;
      await Promise.all(
        Array.from({ length: loops }, async () => {
          while (Date.now() < until) {
            await step();
            // inject() and PGlite answer in microtasks alone: let the event loop (a multipart body's stream) run too
            await new Promise((resolve) => setImmediate(resolve));
          }
        }),
      );
    }

    it('GetVetVisitDetails shows one save: the notes and the records of the same save', async () => {
      const petId = await newPet('Snapshot visit');
      const visitDate = isoDay();
      const created = await api.envelope.post(API.createVetVisit, { petId, visitDate, vetUserId });
      const visit = { vetVisitId: created.data.vetVisitId, petId, vetUserId, visitDate };
      const mixed: string[] = [];
      let reads = 0;
      let saves = 0;
      let n = 0;
      await Promise.all([
        during(DURATION_MS, 3, async () => {
          const saved = await api.envelope.postForm(API.saveVetVisit, numberedSave(visit, ++n));
          expect(saved.result).toBe(1);
          saves++;
        }),
        during(DURATION_MS, 3, async () => {
          const details = await api.envelope.get(API.vetVisitDetails, { vetVisitId: visit.vetVisitId });
          reads++;
          try {
            savedNumber(details.data);
          } catch (err) {
            mixed.push(String(err));
          }
        }),
      ]);
      console.log(`[one snapshot ${ctx().kind}] ${saves} saves, ${reads} visit reads, ${mixed.length} mixed`);
      expect(saves).toBeGreaterThan(3);
      expect(mixed.slice(0, 3)).toEqual([]);
    });

    it("a page of a pet's visits and its count agree while visits are created", async () => {
      const petId = await newPet('Snapshot history');
      const disagreements: string[] = [];
      let reads = 0;
      await Promise.all([
        during(DURATION_MS, 2, async () => {
          const created = await api.envelope.post(API.createVetVisit, { petId, visitDate: isoDay(), vetUserId });
          expect(created.result).toBe(1);
        }),
        during(DURATION_MS, 4, async () => {
          const page = await api.envelope.get(API.vetPetVisits, { petProfileId: petId, offset: 1, limit: 100 });
          reads++;
          if (page.data.count !== page.data.visits.length && page.data.visits.length < 100)
            disagreements.push(`count ${page.data.count}, ${page.data.visits.length} visits listed`);
        }),
      ]);
      console.log(`[one snapshot ${ctx().kind}] ${reads} history reads, ${disagreements.length} disagreed`);
      expect(disagreements.slice(0, 3)).toEqual([]);
    });

    it('a read in one snapshot does not see a write committed between its statements', async () => {
      const { db } = ctx();
      const nameOf = async (tx: typeof db) =>
        (await tx.select({ name: clinics.name }).from(clinics).where(eq(clinics.username, DEMO_CLINIC)))[0].name;
      const before = await nameOf(db);
      let write: Promise<unknown> = Promise.resolve();
      const seen = await readOneSnapshot(db, async (tx) => {
        const first = await nameOf(tx);
        // On PostgreSQL the rename commits on another connection now; on PGlite it waits for the read to end.
        write = db
          .update(clinics)
          .set({ name: `${before} renamed` })
          .where(eq(clinics.username, DEMO_CLINIC));
        await Promise.race([write, new Promise((resolve) => setTimeout(resolve, 300))]);
        return [first, await nameOf(tx)];
      });
      await write;
      expect(seen).toEqual([before, before]);
      expect(await nameOf(db)).toBe(`${before} renamed`);
      await db.update(clinics).set({ name: before }).where(eq(clinics.username, DEMO_CLINIC));
    });
  },
  // every read asks the database (the clinic list cache keeps only reads no write overlapped)
  { readCacheEntries: 0 },
);
