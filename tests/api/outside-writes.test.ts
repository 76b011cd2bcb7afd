import { expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { API } from '#shared/contract/paths';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

/**
 * Issue 19 item 6: PostgreSQL is shared with the mobile app's back end. A change made there (here:
 * psql-like SQL on a connection of its own) reaches every process's caches through the change-notice
 * triggers of migration 0032 (docs/decisions/0093); the app's own writes do not fire them.
 */
const SERVED_WITHIN_MS = 60_000;

/** Polls `read` until `done` holds (resolves true) or the time is up (false). */
async function eventually(read: () => Promise<boolean>, withinMs = SERVED_WITHIN_MS): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await read()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describeOnBothDatabases('Writes made outside the app', (ctx) => {
  /** A connection as psql or another back end opens it: not marked as the app's. */
  async function outsideWriter(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: ctx().config.databaseUrl ?? '', application_name: 'psql' });
    await client.connect();
    return client;
  }
  const api = injectApi(() => ctx().app);
  const petDetails = async (publicId: string) =>
    (await api.get(API.petDetailsByPublicId, { publicId }, { remoteAddress: '10.20.0.1' })).json().data;

  it(
    'a pet renamed and its phone removed with SQL is served so within 60 s, on every cached path',
    async () => {
      if (ctx().kind !== 'postgres') return;
      const before = await petDetails('DEMO0001');
      expect(before.ownderContactPhone).toBeTruthy();
      // Cached now: the API and the page answer from memory until told otherwise.
      expect((await petDetails('DEMO0001')).petName).toBe(before.petName);
      const writer = await outsideWriter();
      try {
        await writer.query(
          `UPDATE pet_profiles SET name = 'Renamed by psql', owner_contact_phone = NULL WHERE public_id = 'DEMO0001'`,
        );
      } finally {
        await writer.end();
      }
      expect(await eventually(async () => (await petDetails('DEMO0001')).petName === 'Renamed by psql')).toBe(true);
      const after = await petDetails('DEMO0001');
      expect(after.ownderContactPhone).toBeNull();
    },
    2 * SERVED_WITHIN_MS,
  );

  it(
    'a pet made private by another writer stops showing its records and contact data',
    async () => {
      if (ctx().kind !== 'postgres') return;
      const wellness = async () =>
        (
          await api.get(API.wellnessCategoryTypes, {
            petProfile: (await petDetails('DEMO0001')).petId,
            publicId: 'DEMO0001',
            categoryId: 2,
          })
        ).json();
      const open = await wellness();
      const writer = await outsideWriter();
      try {
        await writer.query(`UPDATE pet_profiles SET is_records_private = true WHERE public_id = 'DEMO0001'`);
      } finally {
        await writer.end();
      }
      expect(await eventually(async () => (await petDetails('DEMO0001')).isRecordsPrivate === true)).toBe(true);
      expect(await eventually(async () => (await wellness()).message === "This pet's records are private.")).toBe(true);
      expect(open.message).not.toBe("This pet's records are private.");
    },
    2 * SERVED_WITHIN_MS,
  );

  it(
    "a clinic's portal list and a session follow writes made outside the app",
    async () => {
      if (ctx().kind !== 'postgres') return;
      const token = await loginClinic(ctx().app, DEMO_CLINIC);
      const total = async () =>
        (await api.get(API.vetVisits, { isFinished: 2, offset: 1, limit: 4 }, { token })).json().data.count;
      const first = await total();
      expect(await total()).toBe(first);
      const writer = await outsideWriter();
      try {
        await writer.query(
          `INSERT INTO vet_visits (clinic_id, pet_profile_id, visit_date) SELECT clinic_id, pet_profile_id, current_date FROM clinic_patients WHERE clinic_id = (SELECT id FROM clinics WHERE username = 'demo.clinic') LIMIT 1`,
        );
        expect(await eventually(async () => (await total()) === first + 1)).toBe(true);
        await writer.query(
          `UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL AND clinic_id = (SELECT id FROM clinics WHERE username = 'demo.clinic')`,
        );
      } finally {
        await writer.end();
      }
      expect(
        await eventually(
          async () =>
            (await api.get(API.vetVisits, { isFinished: 2, offset: 1, limit: 4 }, { token })).statusCode === 401,
        ),
      ).toBe(true);
    },
    2 * SERVED_WITHIN_MS,
  );

  it("publishes one notice per outside statement, and none for the app's own writes", async () => {
    if (ctx().kind !== 'postgres') return;
    const listener = await outsideWriter();
    const notices: { o: string; t: string[] }[] = [];
    listener.on('notification', (n) => notices.push(JSON.parse(n.payload ?? '{}') as { o: string; t: string[] }));
    await listener.query('LISTEN pawtal_changes');
    try {
      // The app's own write, through its pool: it publishes itself, the triggers stay quiet.
      await ctx().db.execute(sql`UPDATE pet_profiles SET description = 'app write' WHERE public_id = 'DEMO0002'`);
      const writer = await outsideWriter();
      try {
        await writer.query(
          `UPDATE pet_profiles SET description = 'outside write' WHERE public_id IN ('DEMO0002', 'DEMO0003')`,
        );
        await writer.query(
          `UPDATE providers SET name = name WHERE id IN (SELECT id FROM providers ORDER BY id LIMIT 3)`,
        );
        await writer.query(`UPDATE providers SET name = name`);
      } finally {
        await writer.end();
      }
      expect(await eventually(async () => notices.length >= 3, 10_000)).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      const fromDb = notices.filter((n) => n.o === 'db');
      expect(fromDb).toHaveLength(3);
      expect(fromDb[0].t.sort()).toEqual(expect.arrayContaining(['pets']));
      expect(fromDb[0].t.filter((t) => t.startsWith('pet:'))).toHaveLength(2);
      expect(fromDb[1].t.every((t) => t.startsWith('providers:'))).toBe(true);
      // More than 100 rows in one statement: everything.
      expect(fromDb[2].t).toEqual(['*']);
    } finally {
      await listener.end();
    }
  });

  it('PGlite: the triggers exist and run (one schema), and the only writer is the app, which publishes itself', async () => {
    if (ctx().kind !== 'pglite') return;
    // Not marked as the app's: the trigger computes its tags and notifies (nobody listens on PGlite).
    await ctx().db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pawtal.origin', '', true)`);
      await tx.execute(
        sql`UPDATE pet_profiles SET description = description WHERE public_id IN ('DEMO0001', 'DEMO0002')`,
      );
      await tx.execute(sql`UPDATE owners SET phone = phone`);
    });
    const triggers = await ctx().db.execute(
      sql`select count(*)::int as n from pg_trigger where tgname like 'pawtal_changes_%'`,
    );
    const rows = (Array.isArray(triggers) ? triggers : (triggers as { rows: { n: number }[] }).rows) as { n: number }[];
    expect(rows[0].n).toBeGreaterThanOrEqual(4 * 20);
  });
});
