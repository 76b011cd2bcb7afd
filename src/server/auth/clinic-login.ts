import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import type { VetLoginResult } from '#shared/contract/vet';
import { createSession } from '#server/auth/clinic-session';
import { isLocked, recordFailure, recordSuccess, throttleKeys } from '#server/auth/login-throttle';
import { dummyPasswordHash, verifyPassword } from '#server/auth/password';
import { mediaBase } from '#server/config';
import { clinicUsers, clinics, petTypes } from '#server/db/schema';
import { TooManyRequestsError, UserError } from '#server/http/errors';

/**
 * At most this many scrypt verifications at once in a process (each takes 128 MiB): a burst of
 * logins queues instead of exhausting memory. The slot passes straight to the next in line.
 * scrypt runs on libuv's thread pool, off the event loop; one core is always left to the event
 * loop, so logins never starve the other calls (tests/bench/api-portal.ts measures GetVetVisits
 * during a login storm).
 */
const MAX_CONCURRENT_VERIFICATIONS = Math.max(1, Math.min(2, os.availableParallelism() - 1));
let verifying = 0;
const waiting: (() => void)[] = [];

async function verifyLimited(password: string, hash: string): Promise<boolean> {
  if (verifying < MAX_CONCURRENT_VERIFICATIONS) verifying++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await verifyPassword(password, hash);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else verifying--;
  }
}

/**
 * A clinic's login: throttled per username and address, the same scrypt work and answer for an
 * unknown username as for a wrong password; a new session with the clinic's staff users and the pet types.
 */
export async function logInClinic(app: FastifyInstance, username: string, password: string, ip: string): Promise<VetLoginResult> {
  if (username.trim() === '' || password === '') throw new UserError('loginRequired');
  const keys = throttleKeys(username, ip);
  if (await isLocked(app.db, keys)) throw new TooManyRequestsError('tooManyLoginAttempts');

  const [clinic] = await app.db
    .select({ id: clinics.id, passwordHash: clinics.passwordHash })
    .from(clinics)
    .where(eq(sql`lower(${clinics.username})`, username.trim().toLowerCase()))
    .limit(1);
  // An unknown username costs the same scrypt work as a wrong password and gets the same answer.
  const valid = await verifyLimited(password, clinic?.passwordHash ?? (await dummyPasswordHash()));
  if (!clinic || !valid) {
    await recordFailure(app.db, keys);
    throw new UserError('invalidLogin');
  }
  await recordSuccess(app.db, keys);

  const token = await createSession(app, clinic.id);
  const [users, types] = await Promise.all([
    app.db.select({ ID: clinicUsers.id, Name: clinicUsers.name }).from(clinicUsers).where(eq(clinicUsers.clinicId, clinic.id)).orderBy(asc(clinicUsers.id)),
    app.db.select({ ID: petTypes.id, Title: petTypes.title, Image: petTypes.image }).from(petTypes).orderBy(asc(petTypes.id)),
  ]);
  const base = mediaBase(app.config);
  return { token, users, pettypes: types.map((t) => ({ ID: t.ID, Title: t.Title, HostLink: base, Image: t.Image })) };
}
