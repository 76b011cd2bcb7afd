import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type {
  ConfirmTwoFactorResult,
  SessionsResult,
  StartTwoFactorResult,
  SwitchUserResult,
} from '#shared/contract/staff';
import { failedPasswordRules } from '#shared/forms/password-rules';
import type { ClinicSession } from '#server/auth/clinic-session';
import { refreshSessions, revokeOtherSessionsOf, revokeSession, switchSessionUser } from '#server/auth/clinic-session';
import { dummyPasswordHash, hashPassword, verifyPassword } from '#server/auth/password';
import { checkSecret } from '#server/auth/secret-check';
import {
  looksLikeSecondFactor,
  newTotpSecret,
  otpauthUrl,
  replaceRecoveryCodes,
  secondFactorOk,
  totpStep,
} from '#server/auth/two-factor';
import { clinicUsers, clinics, recoveryCodes, sessions } from '#server/db/schema';
import { writeStaffHistory } from '#server/history/staff-history';
import { UserError } from '#server/http/errors';
import { assertPin } from '#server/staff/staff-links';

/** The caller's address and their session, as every call of one's own account needs them. */
interface Caller {
  session: ClinicSession;
  ip: string;
}

const actorOf = ({ session }: Caller) => ({
  clinicId: session.clinicId,
  userId: session.userId,
  userName: session.userName,
});

/** The acting person's own row. */
async function me(app: FastifyInstance, session: ClinicSession) {
  const [row] = await app.db
    .select({
      id: clinicUsers.id,
      name: clinicUsers.name,
      username: clinicUsers.username,
      passwordHash: clinicUsers.passwordHash,
      totpSecret: clinicUsers.totpSecret,
      totpPendingSecret: clinicUsers.totpPendingSecret,
      requireTwoFactor: clinics.requireTwoFactor,
    })
    .from(clinicUsers)
    .innerJoin(clinics, eq(clinics.id, clinicUsers.clinicId))
    .where(eq(clinicUsers.id, session.userId));
  if (!row) throw new UserError('staffNotFound');
  return row;
}

/**
 * The shared desk (issue 31): the session acts as another person of the clinic from now on, verified by that
 * person's PIN; wrong PINs are limited like passwords (the throttle's name is the person). Another clinic's person,
 * a deactivated or invited one, or one without a PIN answers as a wrong PIN does.
 */
export async function switchUser(
  app: FastifyInstance,
  caller: Caller,
  body: { userId: number; pin: string },
): Promise<SwitchUserResult> {
  const person = await checkSecret(
    app,
    { name: `#pin:${body.userId}`, ip: caller.ip, wrong: 'wrongPin' },
    async () => {
      const [row] = await app.db
        .select({
          id: clinicUsers.id,
          pinHash: clinicUsers.pinHash,
          twoFactorOn: sql<boolean>`${clinicUsers.totpSecret} is not null`,
          requireTwoFactor: clinics.requireTwoFactor,
        })
        .from(clinicUsers)
        .innerJoin(clinics, eq(clinics.id, clinicUsers.clinicId))
        .where(
          and(
            eq(clinicUsers.id, body.userId),
            eq(clinicUsers.clinicId, caller.session.clinicId),
            eq(clinicUsers.active, true),
            eq(clinicUsers.invitePending, false),
          ),
        );
      return row?.pinHash ? row : null;
    },
    async (found) => verifyPassword(body.pin, found?.pinHash ?? (await dummyPasswordHash())),
  );
  await switchSessionUser(app, caller.session.sessionId, person.id);
  return { currentUserId: person.id, twoFactorSetupRequired: person.requireTwoFactor && !person.twoFactorOn };
}

/** Checks the acting person's current password (limited like a login); throws when it is wrong. */
async function assertCurrentPassword(app: FastifyInstance, caller: Caller, password: string): Promise<void> {
  await checkSecret(
    app,
    { name: `#password:${caller.session.userId}`, ip: caller.ip, wrong: 'wrongCurrentPassword' },
    async () => {
      const row = await me(app, caller.session);
      return row.passwordHash ? row : null;
    },
    async (found) => verifyPassword(password, found?.passwordHash ?? (await dummyPasswordHash())),
  );
}

/** One's own new password, with the current one (SPEC.md §5's rules); every other session one signed in ends. */
export async function changePassword(
  app: FastifyInstance,
  caller: Caller,
  body: { currentPassword: string; newPassword: string },
): Promise<void> {
  const broken = failedPasswordRules(body.newPassword);
  if (broken.length > 0) throw new UserError('passwordRules', { rules: { keys: broken.map((r) => r.messageKey) } });
  await assertCurrentPassword(app, caller, body.currentPassword);
  const passwordHash = await hashPassword(body.newPassword);
  await app.db.transaction(async (tx) => {
    await tx.update(clinicUsers).set({ passwordHash }).where(eq(clinicUsers.id, caller.session.userId));
    await writeStaffHistory(tx, actorOf(caller), {
      entity: 'staff',
      entityId: caller.session.userId,
      action: 'change',
      changes: [{ field: 'password', from: null, to: 'changed' }],
    });
  });
  await revokeOtherSessionsOf(app, app.db, caller.session.userId, caller.session.sessionId);
}

/** One's own new PIN, with one's password. */
export async function changePin(
  app: FastifyInstance,
  caller: Caller,
  body: { currentPassword: string; pin: string },
): Promise<void> {
  assertPin(body.pin);
  await assertCurrentPassword(app, caller, body.currentPassword);
  const pinHash = await hashPassword(body.pin);
  await app.db.transaction(async (tx) => {
    await tx.update(clinicUsers).set({ pinHash }).where(eq(clinicUsers.id, caller.session.userId));
    await writeStaffHistory(tx, actorOf(caller), {
      entity: 'staff',
      entityId: caller.session.userId,
      action: 'change',
      changes: [{ field: 'pin', from: null, to: 'changed' }],
    });
  });
}

/** Starts turning two-factor on: a new secret, kept pending until a code of it confirms it. */
export async function startTwoFactor(app: FastifyInstance, caller: Caller): Promise<StartTwoFactorResult> {
  const person = await me(app, caller.session);
  if (person.totpSecret) throw new UserError('twoFactorAlreadyOn');
  const secret = newTotpSecret();
  await app.db.update(clinicUsers).set({ totpPendingSecret: secret }).where(eq(clinicUsers.id, person.id));
  return { secret, otpauthUrl: otpauthUrl(secret, app.config.appName, person.username ?? person.name) };
}

/**
 * Turns two-factor on with a current code of the pending secret (its step is the first one used), and answers ten
 * recovery codes, shown once; with its history entry. Wrong codes are limited like passwords.
 */
export async function confirmTwoFactor(
  app: FastifyInstance,
  caller: Caller,
  code: string,
): Promise<ConfirmTwoFactorResult> {
  const person = await me(app, caller.session);
  if (person.totpSecret) throw new UserError('twoFactorAlreadyOn');
  const pending = person.totpPendingSecret;
  if (!pending) throw new UserError('twoFactorNotStarted');
  const step = await checkSecret(
    app,
    { name: `#code:${person.id}`, ip: caller.ip, wrong: 'wrongTwoFactorCode' },
    async () => totpStep(pending, code),
    async (found) => found !== null,
  );
  const recovery = await app.db.transaction(async (tx) => {
    const turnedOn = await tx
      .update(clinicUsers)
      .set({ totpSecret: pending, totpPendingSecret: null, totpLastStep: step })
      .where(
        and(eq(clinicUsers.id, person.id), isNull(clinicUsers.totpSecret), eq(clinicUsers.totpPendingSecret, pending)),
      )
      .returning({ id: clinicUsers.id });
    if (turnedOn.length === 0) throw new UserError('twoFactorNotStarted');
    await writeStaffHistory(tx, actorOf(caller), {
      entity: 'staff',
      entityId: person.id,
      action: 'change',
      changes: [{ field: 'twoFactor', from: false, to: true }],
    });
    return replaceRecoveryCodes(tx, person.id);
  });
  await refreshSessions(app, { userId: person.id });
  return { recoveryCodes: recovery };
}

/** Turns one's two-factor off with a current code or a recovery code, unless the clinic requires it. */
export async function disableTwoFactor(app: FastifyInstance, caller: Caller, code: string): Promise<void> {
  // a value that cannot be a code is refused before anything else (a number, a word): never an answer of success
  if (!looksLikeSecondFactor(code)) throw new UserError('staff:validation.codeRules');
  const person = await me(app, caller.session);
  if (!person.totpSecret) return;
  if (person.requireTwoFactor) throw new UserError('twoFactorRequiredByClinic');
  const secret = person.totpSecret;
  await checkSecret(
    app,
    { name: `#code:${person.id}`, ip: caller.ip, wrong: 'wrongTwoFactorCode' },
    async () => person,
    async () => secondFactorOk(app.db, person.id, secret, code),
  );
  await app.db.transaction(async (tx) => {
    await tx
      .update(clinicUsers)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(clinicUsers.id, person.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, person.id));
    await writeStaffHistory(tx, actorOf(caller), {
      entity: 'staff',
      entityId: person.id,
      action: 'change',
      changes: [{ field: 'twoFactor', from: true, to: false }],
    });
  });
  await refreshSessions(app, { userId: person.id });
}

/** The acting person's live sessions (those they signed in), most recently used first. */
export async function listOwnSessions(app: FastifyInstance, session: ClinicSession): Promise<SessionsResult> {
  const idleCutoff = new Date(Date.now() - app.config.sessionIdleMinutes * 60_000);
  const rows = await app.db
    .select({
      sessionId: sessions.id,
      browser: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, session.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, idleCutoff),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  const person = await me(app, session);
  return {
    twoFactor: person.totpSecret !== null,
    sessions: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      current: r.sessionId === session.sessionId,
    })),
  };
}

/** Signs out one of the acting person's own sessions (another's answers as a missing one). */
export async function revokeOwnSession(app: FastifyInstance, session: ClinicSession, sessionId: number): Promise<void> {
  const [row] = await app.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, session.userId), isNull(sessions.revokedAt)));
  if (!row) throw new UserError('sessionNotFound');
  await revokeSession(app, row.id);
}
