import { readOneSnapshot } from '#server/db/one-snapshot';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import type { VetLoginResult } from '#shared/contract/vet';
import { createSession } from '#server/auth/clinic-session';
import {
  lockedSinceReserved,
  recordFailure,
  recordSuccess,
  reserveLoginAttempt,
  throttleKeys,
} from '#server/auth/login-throttle';
import type { LoginQueue } from '#server/auth/login-queue';
import { dummyPasswordHash, verifyPassword } from '#server/auth/password';
import { mediaBase } from '#server/config';
import { clinicUsers, clinics, petTypes } from '#server/db/schema';
import { TooManyRequestsError, UserError } from '#server/http/errors';

/**
 * At most this many scrypt verifications at once in a process (each takes 128 MiB). scrypt runs on
 * libuv's thread pool, off the event loop; one core is always left to the event loop, so logins
 * never starve the other calls (tests/bench/api-portal.ts measures GetVetVisits during a login storm).
 */
export const PASSWORD_CHECKS_AT_ONCE = Math.max(1, Math.min(2, os.availableParallelism() - 1));

declare module 'fastify' {
  interface FastifyInstance {
    /** The line of clinic logins waiting for their password check (src/server/auth/login-queue.ts). */
    loginQueue: LoginQueue;
  }
}

/**
 * A clinic's login (docs/decisions/0014, 0091). In this order: a place in the bounded line (429 for
 * an address with too many logins in it, or a full line); the attempt counted for its username and
 * address (429 when either is locked: no password work at all); its turn for a password check; the
 * locks read again (429 when attempts counted after this one locked a key meanwhile); the check,
 * with the same scrypt work and answer for an unknown username as for a wrong password. A success
 * gives the attempt back and opens a session with the clinic's staff users and the pet types.
 */
export async function logInClinic(
  app: FastifyInstance,
  username: string,
  password: string,
  ip: string,
): Promise<VetLoginResult> {
  if (username.trim() === '' || password === '') throw new UserError('loginRequired');
  const keys = throttleKeys(username, ip);
  const ticket = app.loginQueue.admit(ip);
  let valid: boolean;
  let clinic: { id: number; passwordHash: string } | undefined;
  try {
    const held = await reserveLoginAttempt(app.db, keys);
    if ('retryAfterSeconds' in held) throw new TooManyRequestsError('tooManyLoginAttempts', held.retryAfterSeconds);
    [clinic] = await app.db
      .select({ id: clinics.id, passwordHash: clinics.passwordHash })
      .from(clinics)
      .where(eq(sql`lower(${clinics.username})`, username.trim().toLowerCase()))
      .limit(1);
    const hash = clinic?.passwordHash ?? (await dummyPasswordHash());
    await ticket.turn();
    const lockedMeanwhile = await lockedSinceReserved(app.db, keys, held);
    if (lockedMeanwhile) throw new TooManyRequestsError('tooManyLoginAttempts', lockedMeanwhile.retryAfterSeconds);
    // An unknown username costs the same scrypt work as a wrong password and gets the same answer.
    valid = await verifyPassword(password, hash);
  } finally {
    ticket.leave();
  }
  if (!clinic || !valid) {
    await recordFailure(app.db, keys);
    throw new UserError('invalidLogin');
  }
  await recordSuccess(app.db, keys);

  const token = await createSession(app, clinic.id);
  const { users, types } = await readOneSnapshot(app.db, async (tx) => ({
    users: await tx
      .select({ ID: clinicUsers.id, Name: clinicUsers.name })
      .from(clinicUsers)
      .where(eq(clinicUsers.clinicId, clinic.id))
      .orderBy(asc(clinicUsers.id)),
    types: await tx
      .select({ ID: petTypes.id, Title: petTypes.title, Image: petTypes.image })
      .from(petTypes)
      .orderBy(asc(petTypes.id)),
  }));
  const base = mediaBase(app.config);
  return { token, users, pettypes: types.map((t) => ({ ID: t.ID, Title: t.Title, HostLink: base, Image: t.Image })) };
}
