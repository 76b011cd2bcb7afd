import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { clinics } from '#server/db/schema';
import type { TestServer } from '#tests/support/databases';
import { API } from '#shared/contract/paths';
import type { VetLoginAnswer, VetLoginResult } from '#shared/contract/vet';
import { injectApi } from '#tests/support/api-client';

/** Demo clinic accounts of the seed (ARCHITECTURE.md "Demo data"). */
export const DEMO_CLINIC = 'demo.clinic';
export const OTHER_CLINIC = 'other.clinic';
export const DEMO_PASSWORD = 'Pawtal!2026';

/** Logs a demo clinic in (scrypt costs ~0.3 s: log in once per suite and reuse the token). */
export async function loginClinic(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await injectApi(app).post(API.vetLogin, { username, password });
  const body = res.json();
  if (res.statusCode !== 200 || body.result !== 1 || !body.data)
    throw new Error(`login of ${username} failed: ${res.statusCode} ${body.message}`);
  return sessionOf(body.data).token;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** The session of a login's answer (a test of a login without two-factor): fails on a two-factor challenge. */
export function sessionOf(answer: VetLoginAnswer): VetLoginResult {
  if (!('token' in answer)) throw new Error('the login asked for a second factor');
  return answer;
}

/** The two demo clinics signed in for a suite, and the Demo Clinic's id: read them inside tests (set before them). */
export interface BothClinicsSignedIn {
  demoToken: string;
  otherToken: string;
  demoClinicId: number;
}

/** In a suite (describeOnBothDatabases' ctx): signs the Demo Clinic and the Other Clinic in once, before its tests. */
export function signInBothClinics(ctx: () => TestServer): BothClinicsSignedIn {
  const signedIn: BothClinicsSignedIn = { demoToken: '', otherToken: '', demoClinicId: 0 };
  beforeAll(async () => {
    signedIn.demoToken = await loginClinic(ctx().app, DEMO_CLINIC);
    signedIn.otherToken = await loginClinic(ctx().app, OTHER_CLINIC);
    const [demo] = await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
    signedIn.demoClinicId = demo.id;
  });
  return signedIn;
}
