/**
 * Demo Clinic's records a spec makes for itself through the API the portal calls, with the stored session
 * (clinic-session.ts), before its page opens: no page load to read the token, no reload to show them. A spec that edits
 * a record of its own is not disturbed by the other worker's specs (the Pets tab lists the newest pet first: another
 * spec's, which that spec may be editing or deleting).
 */
import type { APIRequestContext } from '@playwright/test';
import { expect } from '#tests/e2e/support/test';
import { storedPortalSession } from '#tests/e2e/support/clinic-session';

/** The headers of a call as the signed-in portal makes it, acting as the clinic's first person. */
export function clinicHeaders(): Record<string, string> {
  const session = storedPortalSession();
  return { authorization: `Bearer ${session.token}`, 'x-vet-user-id': String(session.users[0].ID) };
}

/**
 * Who makes a record: by default Demo Clinic's stored session with its first person acting; a spec signed in as
 * someone else (a nurse of its own) passes that session's headers and person.
 */
interface ClinicActor {
  headers: Record<string, string>;
  vetUserId: number;
}

function demoClinicActor(): ClinicActor {
  return { headers: clinicHeaders(), vetUserId: storedPortalSession().users[0].ID };
}

async function post<T>(request: APIRequestContext, url: string, data: object, headers = clinicHeaders()): Promise<T> {
  const body = (await (await request.post(url, { headers, data })).json()) as {
    result: number;
    message?: string;
    data: T;
  };
  expect(body.result, `${url}: ${body.message ?? ''}`).toBe(1);
  return body.data;
}

interface NewPet {
  petName: string;
  ownerNameForVet: string;
  ownerPhoneForVet: string;
  ownerEmailForVet?: string;
  petGenderId?: 1 | 2;
  petDateOfBirth?: string;
}

/** A dog of Demo Clinic (type 1, its first breed); returns its petProfileId. */
export async function createClinicPet(
  request: APIRequestContext,
  pet: NewPet,
  actor: ClinicActor = demoClinicActor(),
): Promise<number> {
  const created = await post<{ petProfileId: number }>(
    request,
    '/api/VetPets/CreateVetPet',
    { petTypeId: 1, petBreedId: 1, petGenderId: 1, petDateOfBirth: '2020-05-06', ...pet },
    actor.headers,
  );
  return created.petProfileId;
}

async function get<T>(request: APIRequestContext, url: string): Promise<T> {
  const body = (await (await request.get(url, { headers: clinicHeaders() })).json()) as { result: number; data: T };
  expect(body.result, url).toBe(1);
  return body.data;
}

/** A visit of the pet on `visitDate` (YYYY-MM-DD), with the acting person as its vet; returns its vetVisitId. */
export async function createClinicVisit(
  request: APIRequestContext,
  petId: number,
  visitDate: string,
  actor: ClinicActor = demoClinicActor(),
): Promise<number> {
  const created = await post<{ vetVisitId: number }>(
    request,
    '/api/VetPets/CreateVetVisit',
    { petId, visitDate, vetUserId: actor.vetUserId },
    actor.headers,
  );
  return created.vetVisitId;
}

/** A pet of Demo Clinic with one visit today (the acting person its vet), so no other spec's deletions touch them. */
export async function createClinicPetWithVisit(
  request: APIRequestContext,
  pet: NewPet,
  actor: ClinicActor = demoClinicActor(),
): Promise<{ petId: number; visitId: number }> {
  const petId = await createClinicPet(request, pet, actor);
  const visitId = await createClinicVisit(request, petId, new Date().toISOString().slice(0, 10), actor);
  return { petId, visitId };
}

/**
 * A visit of the pet today with one vaccination given today whose next dose is due on `due` (YYYY-MM-DD): a reminder
 * of that day on the Notifications tab.
 */
export async function createClinicReminder(
  request: APIRequestContext,
  petId: number,
  vaccination: { title: string; due: string },
): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const vetVisitId = await createClinicVisit(request, petId, today);
  const { visit } = await get<{ visit: { Version: number; VisitDate: string } }>(
    request,
    `/api/VetPets/GetVetVisitDetails?vetVisitId=${vetVisitId}`,
  );
  const json = {
    petId,
    vetVisitId,
    version: visit.Version,
    vetUserId: storedPortalSession().users[0].ID,
    visitDate: visit.VisitDate,
    notes: '',
    isFinished: false,
    weight: [],
    vaccinations: [{ title: vaccination.title, date: today, nextReminderDate: vaccination.due }],
    antiparasitics: [],
    consultations: [],
    pictures: [],
  };
  const res = await request.post('/api/VetPets/SaveVetVisit', {
    headers: clinicHeaders(),
    multipart: { json: JSON.stringify(json) },
  });
  expect(((await res.json()) as { result: number }).result, 'SaveVetVisit').toBe(1);
}
