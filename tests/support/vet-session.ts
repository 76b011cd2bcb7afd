import type { FastifyInstance } from 'fastify';
import { API } from '#shared/contract/paths';
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
  return body.data.token;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
