import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { FEED_APPLICATION_NAME } from '#server/cache/change-feed';
import { freshPgDatabase, pgAvailable } from '#tests/faults/databases';
import { spawnServer, type ServerProcess } from '#tests/faults/server-process';
import { fetchApi } from '#tests/support/api-client';
import { freePort } from '#tests/support/pg-cluster';
import { DEMO_CLINIC, DEMO_PASSWORD } from '#tests/support/vet-session';

/** The longest a write on one process may stay invisible on another (issue 14). */
const WINDOW_MS = 1000;

/**
 * Two server processes on one PostgreSQL, each with its own caches (docs/decisions/0065): a write
 * on one is seen by the next read on the other within WINDOW_MS, through LISTEN/NOTIFY, and
 * through the short TTL while the notification connection is down.
 */
describe.skipIf(!pgAvailable())('caches of two processes on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let database: { url: string; drop(): Promise<void> };
  let mediaDir: string;
  let token: string;
  let petId: number;
  let publicId: string;

  beforeAll(async () => {
    database = await freshPgDatabase();
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-two-media-'));
    const env = (label: string) => ({
      DATABASE_URL: database.url,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `pawtal-two-${label}-`)),
      MEDIA_DIR: mediaDir,
      SEED_DEMO_DATA: 'false',
    });
    const [portA, portB] = [await freePort(), await freePort()];
    [a, b] = await Promise.all([
      spawnServer({ port: portA, env: env('a') }),
      spawnServer({ port: portB, env: env('b') }),
    ]);
    token = (await api(a).envelope.post(API.vetLogin, { username: DEMO_CLINIC, password: DEMO_PASSWORD })).data.token;
    // A pet with a public page that is also a patient of the demo clinic.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const { rows } = await admin
      .query<{ id: number; public_id: string }>(
        `select p.id, p.public_id from clinic_patients cp join pet_profiles p on p.id = cp.pet_profile_id join clinics c on c.id = cp.clinic_id
         where c.username = $1 order by (p.public_id = 'DEMO0001') desc, p.id limit 30`,
        [DEMO_CLINIC],
      )
      .finally(() => admin.end());
    for (const row of rows) {
      if ((await api(a).envelope.get(API.petDetailsByPublicId, { publicId: row.public_id })).result === 1) {
        petId = row.id;
        publicId = row.public_id;
        break;
      }
    }
    expect(petId).toBeDefined();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  /** The API of one process, with the demo clinic's session once it has one. */
  function api(server: ServerProcess) {
    return fetchApi(server.base, () => (token ? { token } : {}));
  }

  async function rename(server: ServerProcess, name: string): Promise<void> {
    const d = (await api(server).envelope.get(API.vetPetDetails, { petProfileId: petId })).data;
    const saved = await api(server).envelope.postForm(API.updateVetPet, {
      petProfileId: petId,
      petName: name,
      petTypeId: d.petTypeId,
      petBreedId: d.petBreedId,
      petGenderId: d.petGenderId,
      petDateOfBirth: d.dob ?? undefined,
      isSterilized: d.isSterilized,
      bloodType: d.bloodType,
      microChipId: d.microChipId,
      ownerNameForVet: d.ownerNameForVet,
      ownerPhoneForVet: d.ownerPhoneForVet,
      ownerEmailForVet: d.ownerEmailForVet,
    });
    expect(saved.result, saved.message).toBe(1);
  }

  /** Reads on `server` until `seen` holds; returns how long after the start it took. */
  async function visibleWithin(read: () => Promise<boolean>): Promise<number> {
    const start = Date.now();
    while (!(await read())) {
      if (Date.now() - start > 5000) return Infinity;
      await new Promise((r) => setTimeout(r, 20));
    }
    return Date.now() - start;
  }

  const publicName = async (server: ServerProcess) =>
    (await api(server).envelope.get(API.petDetailsByPublicId, { publicId })).data.petName;
  const listedName = async (server: ServerProcess) =>
    (await api(server).envelope.get(API.vetPets, { offset: 1, limit: 50 })).data.pets.find((p) => p.ID === petId)
      ?.petName;

  it('a pet renamed on one process: the other shows the new name (public details and the clinic list) within a second', async () => {
    // B reads (and caches) both answers first.
    const before = await publicName(b);
    expect(await listedName(b)).toBe(before);
    // A change made outside the app (psql here) reaches both caches too: the tables' triggers send the
    // same notices (migration 0032, docs/decisions/0093).
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin
      .query('update pet_profiles set name = $1 where id = $2', ['Changed With psql', petId])
      .finally(() => admin.end());
    expect(await visibleWithin(async () => (await publicName(b)) === 'Changed With psql')).toBeLessThan(WINDOW_MS);
    expect(await visibleWithin(async () => (await listedName(b)) === 'Changed With psql')).toBeLessThan(WINDOW_MS);

    await rename(a, 'Renamed On A');
    expect(await visibleWithin(async () => (await publicName(b)) === 'Renamed On A')).toBeLessThan(WINDOW_MS);
    expect(await visibleWithin(async () => (await listedName(b)) === 'Renamed On A')).toBeLessThan(WINDOW_MS);
    // And the other way round.
    await rename(b, 'Renamed On B');
    expect(await visibleWithin(async () => (await publicName(a)) === 'Renamed On B')).toBeLessThan(WINDOW_MS);
  });

  it('a logout on one process refuses the token on the other within a second', async () => {
    const other = (await api(b).envelope.post(API.vetLogin, { username: DEMO_CLINIC, password: DEMO_PASSWORD })).data
      .token;
    const visits = (server: ServerProcess) =>
      api(server).get(API.vetVisits, { isFinished: 0, offset: 1, limit: 4 }, { token: other });
    expect((await visits(b)).statusCode).toBe(200);
    expect((await visits(a)).statusCode).toBe(200);
    const out = await api(b).send(API.vetLogout, { method: 'POST' }, { token: other });
    expect(out.statusCode).toBe(200);
    expect(await visibleWithin(async () => (await visits(a)).statusCode === 401)).toBeLessThan(WINDOW_MS);
  });

  it('while the notification connection is down, the short TTL keeps reads fresh; then it reconnects', async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const listeners = async () =>
      (
        await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()',
          [FEED_APPLICATION_NAME],
        )
      ).rows[0].n;
    try {
      expect(await listeners()).toBe(2);
      await publicName(b);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [FEED_APPLICATION_NAME],
      );
      await rename(a, 'Renamed While Deaf');
      expect(await visibleWithin(async () => (await publicName(b)) === 'Renamed While Deaf')).toBeLessThan(
        WINDOW_MS + 200,
      );
      // Both processes listen again (reconnect with backoff), and notices work as before.
      const reconnected = Date.now();
      while ((await listeners()) < 2 && Date.now() - reconnected < 15_000) await new Promise((r) => setTimeout(r, 100));
      expect(await listeners()).toBe(2);
      await publicName(b);
      await rename(a, 'Renamed After Reconnect');
      expect(await visibleWithin(async () => (await publicName(b)) === 'Renamed After Reconnect')).toBeLessThan(
        WINDOW_MS,
      );
    } finally {
      await admin.end();
    }
  });
});
