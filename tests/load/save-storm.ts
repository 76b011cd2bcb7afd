import { numberedSave, savedNumber, testPet, type PortalClient } from '#tests/faults/portal-client';
import { isoDay } from '#tests/support/days';
import type { VisitRef } from '#tests/faults/write-stream';

/**
 * Concurrent SaveVetVisit calls, in rounds: in each round one visit gets `burst` saves at once
 * (same visit) and each of the other visits gets one save (different visits). Every read — after
 * each acknowledged save and at the end — must show exactly one save's notes and rows.
 */
export interface StormReport {
  rounds: number;
  savesSent: number;
  savesAcked: number;
  savesFailed: string[];
  readsChecked: number;
  problems: string[];
}

async function makeVisit(client: PortalClient, vetUserId: number, name: string): Promise<VisitRef> {
  const pet = await client.createPet(testPet(name));
  if (pet.result !== 1 || !pet.data) throw new Error(`CreateVetPet: ${pet.message}`);
  const visitDate = isoDay();
  const v = await client.createVisit(pet.data.petProfileId, visitDate, vetUserId);
  if (v.result !== 1 || !v.data) throw new Error(`CreateVetVisit: ${v.message}`);
  return { vetVisitId: v.data.vetVisitId, petId: pet.data.petProfileId, vetUserId, visitDate };
}

export async function runSaveStorm(
  client: PortalClient,
  vetUserId: number,
  opts: { until: () => boolean; burst: number; otherVisits: number },
): Promise<StormReport> {
  const report: StormReport = {
    rounds: 0,
    savesSent: 0,
    savesAcked: 0,
    savesFailed: [],
    readsChecked: 0,
    problems: [],
  };
  const shared = await makeVisit(client, vetUserId, 'storm-shared');
  const others: VisitRef[] = [];
  for (let i = 0; i < opts.otherVisits; i++) others.push(await makeVisit(client, vetUserId, `storm-other-${i}`));
  /** acknowledged save numbers of the last round, per visit */
  const lastRound = new Map<number, Set<number>>();
  let n = 0;

  const check = async (visitId: number, allowed?: Set<number>) => {
    const r = await client.visitDetails(visitId);
    report.readsChecked++;
    if (r.result !== 1 || !r.data) return void report.problems.push(`GetVetVisitDetails ${visitId}: ${r.message}`);
    try {
      const got = savedNumber(r.data);
      if (allowed && !allowed.has(got))
        report.problems.push(
          `visit ${visitId} holds save ${got}, not one of the acknowledged ${[...allowed].join(', ')}`,
        );
    } catch (err) {
      report.problems.push(String(err));
    }
  };
  const save = async (v: VisitRef, num: number, acked: Set<number>) => {
    report.savesSent++;
    try {
      const r = await client.saveVisit(numberedSave(v, num));
      if (r.result !== 1) return void report.savesFailed.push(`save ${num} of visit ${v.vetVisitId}: ${r.message}`);
      report.savesAcked++;
      acked.add(num);
      await check(v.vetVisitId);
    } catch (err) {
      report.savesFailed.push(`save ${num} of visit ${v.vetVisitId}: ${String(err)}`);
    }
  };

  do {
    report.rounds++;
    const jobs: Promise<void>[] = [];
    const sharedAcked = new Set<number>();
    lastRound.set(shared.vetVisitId, sharedAcked);
    for (let i = 0; i < opts.burst; i++) jobs.push(save(shared, ++n, sharedAcked));
    for (const v of others) {
      const acked = new Set<number>();
      lastRound.set(v.vetVisitId, acked);
      jobs.push(save(v, ++n, acked));
    }
    await Promise.all(jobs);
  } while (!opts.until());

  // Afterwards: each visit holds one save of its last round, the one it was given for the others.
  for (const [visitId, acked] of lastRound) await check(visitId, acked);
  return report;
}
