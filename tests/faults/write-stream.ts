import { HttpStatusError, numberedSave, savedNumber, testPet, type PortalClient } from '#tests/faults/portal-client';
import { isoDay } from '#tests/support/days';

/**
 * A stream of portal writes for crash tests: one worker creates pets one after another, and one
 * worker per visit saves that visit again and again (save numbers rising). Every write that got
 * its answer is recorded as acknowledged; the write in flight when the server died is recorded too.
 */
export interface VisitRef {
  vetVisitId: number;
  petId: number;
  vetUserId: number;
  visitDate: string;
}

export interface StreamLog {
  ackedPets: Map<string, number>;
  inFlightPet: string | null;
  /** per visit: the last acknowledged save number (0 = none) and the one in flight (0 = none) */
  visits: Map<number, { lastAcked: number; inFlight: number }>;
  errors: string[];
}

function isConnectionError(err: unknown): boolean {
  if (err instanceof HttpStatusError) return err.status === 503;
  return err instanceof TypeError; // fetch failed: refused or reset
}

export async function prepareVisits(
  client: PortalClient,
  vetUserId: number,
  count: number,
  label: string,
): Promise<VisitRef[]> {
  const visits: VisitRef[] = [];
  for (let i = 0; i < count; i++) {
    const pet = await client.createPet(testPet(`${label}-visit-pet-${i}`));
    if (pet.result !== 1 || !pet.data) throw new Error(`CreateVetPet failed: ${pet.message}`);
    const visitDate = isoDay();
    const visit = await client.createVisit(pet.data.petProfileId, visitDate, vetUserId);
    if (visit.result !== 1 || !visit.data) throw new Error(`CreateVetVisit failed: ${visit.message}`);
    visits.push({ vetVisitId: visit.data.vetVisitId, petId: pet.data.petProfileId, vetUserId, visitDate });
  }
  return visits;
}

/** Runs the stream until stop() is called or the server stops answering. */
export function startWriteStream(client: PortalClient, visits: VisitRef[], label: string) {
  const log: StreamLog = {
    ackedPets: new Map(),
    inFlightPet: null,
    visits: new Map(visits.map((v) => [v.vetVisitId, { lastAcked: 0, inFlight: 0 }])),
    errors: [],
  };
  let running = true;
  const petWorker = async () => {
    for (let i = 1; running; i++) {
      const name = `${label}-pet-${i}`;
      log.inFlightPet = name;
      try {
        const r = await client.createPet(testPet(name));
        if (r.result !== 1 || !r.data) throw new Error(`CreateVetPet ${name}: ${r.message}`);
        log.ackedPets.set(name, r.data.petProfileId);
        log.inFlightPet = null;
      } catch (err) {
        if (!isConnectionError(err)) log.errors.push(String(err));
        return;
      }
    }
  };
  const visitWorker = async (v: VisitRef) => {
    const state = log.visits.get(v.vetVisitId) as { lastAcked: number; inFlight: number };
    for (let n = 1; running; n++) {
      state.inFlight = n;
      try {
        const r = await client.saveVisit(numberedSave(v, n));
        if (r.result !== 1) throw new Error(`SaveVetVisit ${v.vetVisitId} #${n}: ${r.message}`);
        state.lastAcked = n;
        state.inFlight = 0;
      } catch (err) {
        if (!isConnectionError(err)) log.errors.push(String(err));
        return;
      }
    }
  };
  const done = Promise.all([petWorker(), ...visits.map(visitWorker)]);
  return {
    log,
    done,
    stop: () => {
      running = false;
      return done;
    },
  };
}

/** Checks what a restarted server holds against the stream's log; returns a list of problems. */
export async function verifyAfterCrash(client: PortalClient, log: StreamLog, label: string): Promise<string[]> {
  const problems: string[] = [];
  const found = new Map<string, number>();
  for (let page = 1; page < 200; page++) {
    const r = await client.pets(`${label}-pet-`, page, 100);
    if (r.result !== 1 || !r.data) {
      problems.push(`GetVetPets: ${r.message}`);
      break;
    }
    for (const p of r.data.pets) found.set(p.Name, p.ID);
    if (r.data.pets.length < 100) break;
  }
  for (const [name, id] of log.ackedPets)
    if (found.get(name) !== id) problems.push(`acknowledged pet ${name} (#${id}) is missing`);
  for (const name of found.keys()) {
    if (!log.ackedPets.has(name) && name !== log.inFlightPet) problems.push(`pet ${name} exists but was never sent`);
  }
  for (const [visitId, state] of log.visits) {
    const r = await client.visitDetails(visitId);
    if (r.result !== 1 || !r.data) {
      problems.push(`visit ${visitId}: ${r.message}`);
      continue;
    }
    try {
      const n = savedNumber(r.data);
      if (n !== state.lastAcked && n !== state.inFlight)
        problems.push(
          `visit ${visitId} holds save ${n}; last acknowledged ${state.lastAcked}, in flight ${state.inFlight}`,
        );
    } catch (err) {
      problems.push(String(err));
    }
  }
  return problems;
}
