/**
 * The two-process load run on PostgreSQL (issue 14): two server processes on one database, mixed
 * read traffic on B, a pet renamed again and again on A. Every read of the pet on B (public
 * details and the clinic's list) that starts more than WINDOW_MS after a rename was acknowledged
 * must show that rename or a later one: zero stale reads, zero errors.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API } from '#shared/contract/paths';
import { cannon, type CannonFigures } from '#tests/bench/cannon';
import { portalClient } from '#tests/faults/portal-client';
import { isoDay } from '#tests/support/days';
import { spawnServer, type ServerProcess } from '#tests/faults/server-process';

/** A write on one process must be visible on the other within this (the cache invalidation window). */
export const WINDOW_MS = 1000;

export interface TwoProcessReport {
  mixed: CannonFigures;
  writes: number;
  writeErrors: number;
  reads: number;
  readErrors: number;
  staleReads: number;
  /** the longest a rename took to show on B, over the reads that showed one */
  worstVisibleMs: number;
  failures: string[];
}

async function demoPatient(databaseUrl: string): Promise<{ id: number; publicId: string }> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ id: number; public_id: string }>(
      `select p.id, p.public_id from clinic_patients cp join pet_profiles p on p.id = cp.pet_profile_id join clinics c on c.id = cp.clinic_id
       where c.username = 'demo.clinic' and p.public_id = 'DEMO0001'`,
    );
    if (!rows[0]) throw new Error('DEMO0001 is not a patient of the demo clinic');
    return { id: rows[0].id, publicId: rows[0].public_id };
  } finally {
    await admin.end();
  }
}

export async function runTwoProcessLoad(opts: {
  databaseUrl: string;
  seconds: number;
  connections: number;
  ports: [number, number];
}): Promise<TwoProcessReport> {
  const dirs = [
    fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-load2-a-')),
    fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-load2-b-')),
  ];
  // All the load comes from 127.0.0.1 (docs/decisions/0092 caps one address's connections).
  const env = (i: number) => ({
    DATA_DIR: dirs[i],
    DATABASE_URL: opts.databaseUrl,
    LOG_LEVEL: 'warn',
    MAX_CONNECTIONS_PER_ADDRESS: String(opts.connections + 50),
  });
  const servers: ServerProcess[] = [];
  try {
    // One after the other: the first migrates and seeds.
    servers.push(await spawnServer({ port: opts.ports[0], env: env(0), readyTimeoutMs: 180_000 }));
    servers.push(await spawnServer({ port: opts.ports[1], env: env(1), readyTimeoutMs: 180_000 }));
    const [a, b] = servers;
    const writer = portalClient(a.base);
    await writer.login();
    const auth = { authorization: `Bearer ${writer.token()}` };
    const pet = await demoPatient(opts.databaseUrl);
    const details = (await (
      await fetch(`${a.base}${API.vetPetDetails}?petProfileId=${pet.id}`, { headers: auth })
    ).json()) as { data: Record<string, unknown> };
    const d = details.data;

    const acked: { seq: number; at: number }[] = [];
    let done = false;
    let writes = 0;
    let writeErrors = 0;
    const writeLoop = async () => {
      for (let seq = 1; !done; seq++) {
        const body = {
          petProfileId: pet.id,
          petName: `Load ${seq}`,
          petTypeId: d.petTypeId,
          petBreedId: d.petBreedId,
          petGenderId: d.petGenderId,
          petDateOfBirth: d.dob,
          isSterilized: d.isSterilized,
          bloodType: d.bloodType,
          microChipId: d.microChipId,
          ownerNameForVet: d.ownerNameForVet,
          ownerPhoneForVet: d.ownerPhoneForVet,
          ownerEmailForVet: d.ownerEmailForVet,
        };
        try {
          const res = await fetch(`${a.base}${API.updateVetPet}`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          const answer = (await res.json()) as { result: number };
          if (res.status !== 200 || answer.result !== 1) writeErrors++;
          else acked.push({ seq, at: Date.now() });
          writes++;
        } catch {
          writeErrors++;
        }
        await new Promise((r) => setTimeout(r, 150));
      }
    };

    let reads = 0;
    let readErrors = 0;
    let staleReads = 0;
    let worstVisibleMs = 0;
    const seqOf = (name: unknown) => Number(/^Load (\d+)$/.exec(String(name))?.[1] ?? 0);
    /** The newest rename acknowledged before `t` - WINDOW_MS: a read starting at t must show it. */
    const mustShow = (t: number) => acked.filter((w) => w.at <= t - WINDOW_MS).at(-1)?.seq ?? 0;
    const check = async (read: () => Promise<unknown>) => {
      const started = Date.now();
      const expected = mustShow(started);
      try {
        const seq = seqOf(await read());
        reads++;
        if (seq < expected) staleReads++;
        const shown = acked.find((w) => w.seq === seq);
        if (shown) worstVisibleMs = Math.max(worstVisibleMs, Math.min(started - shown.at, WINDOW_MS * 10));
      } catch {
        readErrors++;
      }
    };
    const readLoop = async () => {
      while (!done) {
        await check(
          async () =>
            (
              (await (await fetch(`${b.base}${API.petDetailsByPublicId}?publicId=${pet.publicId}`)).json()) as {
                data: { petName: string };
              }
            ).data.petName,
        );
        await check(async () => {
          const list = (await (
            await fetch(`${b.base}${API.vetPets}?offset=1&limit=100`, { headers: auth })
          ).json()) as { data: { pets: { ID: number; petName: string }[] } };
          return list.data.pets.find((p) => p.ID === pet.id)?.petName;
        });
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    const requests = [
      { method: 'GET', path: API.petTypes },
      {
        method: 'GET',
        path: `${API.petSitters}?offset=1&limit=4&SearchTerm=&CurrencyId=&PricingTypeId=&PriceFrom=&PriceTo=&CountryId=`,
      },
      { method: 'GET', path: `${API.petsForAdoption}?petTypeId=1&offset=1&limit=4&searchTerm=` },
      { method: 'GET', path: `${API.petDetailsByPublicId}?publicId=${pet.publicId}` },
      { method: 'GET', path: `${API.vetVisits}?isFinished=0&offset=1&limit=4`, headers: auth },
      { method: 'GET', path: `${API.vetPets}?offset=1&limit=5&searchTerm=a`, headers: auth },
      {
        method: 'POST',
        path: API.vetReminders,
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ date: isoDay(), offset: 1, limit: 4 }),
      },
      { method: 'GET', path: `${API.lostPets}?petTypeId=1&offset=1&limit=4&searchTerm=` },
    ];
    const traffic = cannon({
      name: 'mixed reads on B',
      base: b.base,
      requests,
      connections: opts.connections,
      seconds: opts.seconds,
    }).finally(() => (done = true));
    const [mixed] = await Promise.all([traffic, writeLoop(), readLoop()]);

    const failures: string[] = [];
    const unexpected = Object.entries(mixed.statusCodes).filter(([code]) => code !== '200');
    if (mixed.status5xx || mixed.errors || mixed.timeouts || unexpected.length)
      failures.push(
        `mixed traffic: ${mixed.status5xx} 5xx, ${mixed.errors} errors, ${mixed.timeouts} timeouts, codes ${JSON.stringify(mixed.statusCodes)}`,
      );
    if (writeErrors) failures.push(`${writeErrors} writes on A failed`);
    if (readErrors) failures.push(`${readErrors} checked reads on B failed`);
    if (staleReads) failures.push(`${staleReads} stale reads on B after the ${WINDOW_MS} ms window`);
    if (acked.length < 3 || reads < 10)
      failures.push(`too little traffic to judge (${acked.length} writes, ${reads} reads)`);
    return { mixed, writes, writeErrors, reads, readErrors, staleReads, worstVisibleMs, failures };
  } finally {
    for (const s of servers) await s.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
