import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { VetLoginAnswer, VetLoginResult, VetUser } from '#shared/contract/vet';
import { isStaffRole } from '#shared/staff-roles';
import { createSession } from '#server/auth/clinic-session';
import fp from 'fastify-plugin';
import { LoginQueue } from '#server/auth/login-queue';
import { dummyPasswordHash, verifyPassword } from '#server/auth/password';
import { checkSecret } from '#server/auth/secret-check';
import { hashToken, newToken } from '#server/auth/tokens';
import { secondFactorOk } from '#server/auth/two-factor';
import { mediaBase } from '#server/config';
import type { Db } from '#server/db/client';
import { readOneSnapshot } from '#server/db/one-snapshot';
import { clinicUsers, clinics, loginChallenges, petTypes } from '#server/db/schema';
import { UserError } from '#server/http/errors';

/**
 * At most this many scrypt verifications at once in a process (each takes 128 MiB). scrypt runs on
 * libuv's thread pool, off the event loop; one core is always left to the event loop, so logins
 * never starve the other calls (tests/bench/api-portal.ts measures GetVetVisits during a login storm).
 */
const PASSWORD_CHECKS_AT_ONCE = Math.max(1, Math.min(2, os.availableParallelism() - 1));

/** How long the second step of a two-factor sign-in may take. */
const CHALLENGE_MINUTES = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /** The line of secret checks waiting for their turn (src/server/auth/login-queue.ts). */
    loginQueue: LoginQueue;
  }
}

/**
 * Decorates `app.loginQueue` for every route that checks a secret (login, its second step, PIN switch, one's own
 * password and two-factor), and computes the dummy hash once in the background, so the first unknown username costs
 * no more than the others.
 */
export const loginQueuePlugin = fp(
  async (app) => {
    void dummyPasswordHash();
    app.decorate(
      'loginQueue',
      new LoginQueue({
        checksAtOnce: PASSWORD_CHECKS_AT_ONCE,
        maxWaiting: app.config.loginQueueMax,
        maxPerAddress: app.config.loginQueuePerAddress,
      }),
    );
  },
  { name: 'login-queue', fastify: '5.x' },
);

/** A person who may sign in: active, with their clinic, whether two-factor is on. */
interface SigningIn {
  userId: number;
  clinicId: number;
  passwordHash: string;
  totpSecret: string | null;
}

const signingInColumns = {
  userId: clinicUsers.id,
  clinicId: clinicUsers.clinicId,
  totpSecret: clinicUsers.totpSecret,
};

/**
 * The account a username names: a staff person's own username, or a clinic account's of SPEC.md (its first active
 * administrator, with the clinic's password). Null for neither.
 */
async function accountOf(db: Db, username: string): Promise<SigningIn | null> {
  const name = username.trim().toLowerCase();
  const [person] = await db
    .select({ ...signingInColumns, passwordHash: clinicUsers.passwordHash })
    .from(clinicUsers)
    .where(
      and(
        eq(sql`lower(${clinicUsers.username})`, name),
        eq(clinicUsers.active, true),
        isNotNull(clinicUsers.passwordHash),
      ),
    )
    .limit(1);
  if (person?.passwordHash) return { ...person, passwordHash: person.passwordHash };
  const [clinic] = await db
    .select({ id: clinics.id, passwordHash: clinics.passwordHash })
    .from(clinics)
    .where(eq(sql`lower(${clinics.username})`, name))
    .limit(1);
  if (!clinic) return null;
  const admin = await firstAdministrator(db, clinic.id);
  return admin ? { ...admin, passwordHash: clinic.passwordHash } : null;
}

async function firstAdministrator(db: Db, clinicId: number) {
  const [admin] = await db
    .select(signingInColumns)
    .from(clinicUsers)
    .where(
      and(
        eq(clinicUsers.clinicId, clinicId),
        eq(clinicUsers.role, 'admin'),
        eq(clinicUsers.active, true),
        eq(clinicUsers.invitePending, false),
      ),
    )
    .orderBy(asc(clinicUsers.id))
    .limit(1);
  return admin ?? null;
}

/**
 * The clinic's staff as the login answers them: everyone active and not merely invited, the first administrator
 * first (SPEC.md's selected user defaults to the first), then by id.
 */
async function clinicStaffList(db: Db, clinicId: number): Promise<VetUser[]> {
  const rows = await db
    .select({ ID: clinicUsers.id, Name: clinicUsers.name, Role: clinicUsers.role })
    .from(clinicUsers)
    .where(and(eq(clinicUsers.clinicId, clinicId), eq(clinicUsers.active, true), eq(clinicUsers.invitePending, false)))
    .orderBy(asc(clinicUsers.id));
  const users = rows.flatMap((r) => (isStaffRole(r.Role) ? [{ ...r, Role: r.Role }] : []));
  const first = users.findIndex((u) => u.Role === 'admin');
  return first <= 0 ? users : [users[first], ...users.slice(0, first), ...users.slice(first + 1)];
}

/** Opens the person's session: the usual login answer (token, staff, pet types, who the session is). */
async function openSession(app: FastifyInstance, person: SigningIn, userAgent: string): Promise<VetLoginResult> {
  const token = await createSession(app, { clinicId: person.clinicId, userId: person.userId, userAgent });
  await app.db
    .update(clinicUsers)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(clinicUsers.id, person.userId));
  const { users, types, clinic } = await readOneSnapshot(app.db, async (tx) => ({
    users: await clinicStaffList(tx, person.clinicId),
    types: await tx
      .select({ ID: petTypes.id, Title: petTypes.title, Image: petTypes.image })
      .from(petTypes)
      .orderBy(asc(petTypes.id)),
    clinic: (
      await tx
        .select({ requireTwoFactor: clinics.requireTwoFactor })
        .from(clinics)
        .where(eq(clinics.id, person.clinicId))
    ).at(0),
  }));
  const base = mediaBase(app.config);
  return {
    token,
    users,
    pettypes: types.map((t) => ({ ID: t.ID, Title: t.Title, HostLink: base, Image: t.Image })),
    currentUserId: person.userId,
    twoFactorSetupRequired: (clinic?.requireTwoFactor ?? false) && person.totpSecret === null,
  };
}

/**
 * A login (docs/decisions/0014, 0091; issue 31): a staff person's username, or a clinic account's (its first
 * administrator), checked like every secret (checkSecret: the line, the throttle of the name and the address, the
 * same scrypt work and answer for an unknown username as for a wrong password). Right, and the person has two-factor
 * on: a one-time challenge for LoginTwoFactor and no session yet; else the session.
 */
export async function logIn(
  app: FastifyInstance,
  body: { username: string; password: string },
  from: { ip: string; userAgent: string },
): Promise<VetLoginAnswer> {
  const { username, password } = body;
  if (username.trim() === '' || password === '') throw new UserError('loginRequired');
  const person = await checkSecret(
    app,
    { name: username, ip: from.ip, wrong: 'invalidLogin' },
    () => accountOf(app.db, username),
    async (found) => verifyPassword(password, found?.passwordHash ?? (await dummyPasswordHash())),
  );
  if (person.totpSecret === null) return openSession(app, person, from.userAgent);
  const { token, hash } = newToken();
  await app.db.insert(loginChallenges).values({
    userId: person.userId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
  });
  return { twoFactorRequired: true, challenge: token };
}

/**
 * The second step of a two-factor sign-in: the challenge of a right password (unused, in time), and a current code
 * of the person's app not used before, or one of their recovery codes (each once). Guesses are limited like
 * passwords (the throttle's name is the person). The challenge is spent by the success.
 */
export async function logInSecondStep(
  app: FastifyInstance,
  body: { challenge: string; code: string },
  from: { ip: string; userAgent: string },
): Promise<VetLoginResult> {
  const [challenge] = await app.db
    .select({ id: loginChallenges.id, userId: loginChallenges.userId })
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, hashToken(body.challenge)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!challenge) throw new UserError('twoFactorChallengeExpired');
  const person = await checkSecret(
    app,
    { name: `#code:${challenge.userId}`, ip: from.ip, wrong: 'wrongTwoFactorCode' },
    async () => {
      const [row] = await app.db
        .select({ ...signingInColumns, passwordHash: sql<string>`''` })
        .from(clinicUsers)
        .where(and(eq(clinicUsers.id, challenge.userId), eq(clinicUsers.active, true)));
      return row ?? null;
    },
    async (found) => (found?.totpSecret ? secondFactorOk(app.db, found.userId, found.totpSecret, body.code) : false),
  );
  const spent = await app.db
    .update(loginChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  if (spent.length === 0) throw new UserError('twoFactorChallengeExpired');
  return openSession(app, person, from.userAgent);
}
