import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { StaffLinkResult } from '#shared/contract/staff';
import { failedPasswordRules } from '#shared/forms/password-rules';
import { isValidPin, isValidUsername } from '#shared/forms/staff-forms';
import type { LanguageCode } from '#shared/languages';
import { hashPassword } from '#server/auth/password';
import { hashToken, newToken } from '#server/auth/tokens';
import type { Db } from '#server/db/client';
import { clinicUsers, clinics, staffTokens } from '#server/db/schema';
import { writeStaffHistory } from '#server/history/staff-history';
import { UserError } from '#server/http/errors';

/** What a staff link is for: an invitation, a new password, a new PIN. */
export type StaffLinkKind = StaffLinkResult['kind'];

const LINK_HOURS: Record<StaffLinkKind, number> = { invite: 7 * 24, password: 24, pin: 24 };
/** The page each kind of link opens. */
export const LINK_PAGES: Record<StaffLinkKind, string> = {
  invite: '/AcceptStaffInvite',
  password: '/ResetStaffLogin',
  pin: '/ResetStaffLogin',
};

/** A new one-time link of a person (its token, stored only as its hash); answers the token. */
export async function issueStaffLink(db: Db, userId: number, kind: StaffLinkKind): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(staffTokens).values({
    kind,
    userId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + LINK_HOURS[kind] * 3600_000),
  });
  return token;
}

/** The person and kind of a usable link (unused, in time, its person active), or null. */
async function usableLink(db: Db, token: string) {
  const [row] = await db
    .select({
      id: staffTokens.id,
      kind: staffTokens.kind,
      userId: staffTokens.userId,
      clinicId: clinicUsers.clinicId,
      name: clinicUsers.name,
      invitePending: clinicUsers.invitePending,
      clinicName: clinics.name,
    })
    .from(staffTokens)
    .innerJoin(clinicUsers, and(eq(clinicUsers.id, staffTokens.userId), eq(clinicUsers.active, true)))
    .innerJoin(clinics, eq(clinics.id, clinicUsers.clinicId))
    .where(
      and(
        eq(staffTokens.tokenHash, hashToken(token)),
        isNull(staffTokens.usedAt),
        gt(staffTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row) return null;
  const kind = row.kind as StaffLinkKind;
  // An invitation is for someone invited; a reset for someone who has accepted theirs.
  if ((kind === 'invite') !== row.invitePending) return null;
  return { ...row, kind };
}

/** What a link is for (its page asks before it shows the form); the token is not used up. */
export async function checkStaffLink(db: Db, token: string): Promise<StaffLinkResult> {
  const link = await usableLink(db, token);
  if (!link) throw new UserError('badStaffLink');
  return { kind: link.kind, name: link.name, clinicName: link.clinicName };
}

/** Uses the link up, in `tx`; every other link of the same kind of the person ends with it. */
async function spendLink(tx: Db, token: string, kind: StaffLinkKind) {
  const link = await usableLink(tx, token);
  if (!link || link.kind !== kind) throw new UserError('badStaffLink');
  const spent = await tx
    .update(staffTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(staffTokens.id, link.id), isNull(staffTokens.usedAt)))
    .returning({ id: staffTokens.id });
  if (spent.length === 0) throw new UserError('badStaffLink');
  await tx
    .update(staffTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(staffTokens.userId, link.userId), eq(staffTokens.kind, kind), isNull(staffTokens.usedAt)));
  return link;
}

function assertPassword(password: string): void {
  const broken = failedPasswordRules(password);
  if (broken.length > 0) throw new UserError('passwordRules', { rules: { keys: broken.map((r) => r.messageKey) } });
}

export function assertPin(pin: string): void {
  if (!isValidPin(pin)) throw new UserError('staff:validation.pinRules');
}

/** Whether a username is free: no staff person's and no clinic account's (case ignored). */
async function usernameFree(db: Db, username: string): Promise<boolean> {
  const name = username.toLowerCase();
  const [person] = await db
    .select({ id: clinicUsers.id })
    .from(clinicUsers)
    .where(eq(sql`lower(${clinicUsers.username})`, name))
    .limit(1);
  const [clinic] = await db
    .select({ id: clinics.id })
    .from(clinics)
    .where(eq(sql`lower(${clinics.username})`, name))
    .limit(1);
  return !person && !clinic;
}

/**
 * Accepts an invitation (/AcceptStaffInvite): the person picks a username, a password under SPEC.md §5's rules and a
 * PIN. Rules first (a refused value does not use up the link), then the link, then its use, the account and the
 * history entry in one transaction. Answers who accepted.
 */
export async function acceptStaffInvite(
  db: Db,
  body: { token: string; username: string; password: string; pin: string },
  language: LanguageCode,
): Promise<void> {
  const username = body.username.trim();
  if (!isValidUsername(username)) throw new UserError('staff:validation.usernameRules');
  assertPassword(body.password);
  assertPin(body.pin);
  if (!(await usableLink(db, body.token))) throw new UserError('badStaffLink');
  if (!(await usernameFree(db, username))) throw new UserError('usernameTaken');
  const [passwordHash, pinHash] = [await hashPassword(body.password), await hashPassword(body.pin)];
  await db.transaction(async (tx) => {
    const link = await spendLink(tx, body.token, 'invite');
    if (!(await usernameFree(tx, username))) throw new UserError('usernameTaken');
    await tx
      .update(clinicUsers)
      .set({ username, passwordHash, pinHash, invitePending: false, language })
      .where(eq(clinicUsers.id, link.userId));
    await writeStaffHistory(
      tx,
      { clinicId: link.clinicId, userId: link.userId, userName: link.name },
      {
        entity: 'staff',
        entityId: link.userId,
        action: 'change',
        changes: [{ field: 'invitation', from: 'sent', to: 'accepted' }],
      },
    );
  });
}

/**
 * A reset link's new password or PIN (/ResetStaffLogin), in one transaction with the link's use and the history
 * entry. Answers the person, whose sessions the caller ends after a new password.
 */
export async function resetStaffLogin(
  db: Db,
  body: { token: string; password?: string; pin?: string },
): Promise<{ userId: number; kind: StaffLinkKind }> {
  const link = await usableLink(db, body.token);
  if (!link || link.kind === 'invite') throw new UserError('badStaffLink');
  if (link.kind === 'password') assertPassword(body.password ?? '');
  else assertPin(body.pin ?? '');
  const hash = await hashPassword(link.kind === 'password' ? (body.password ?? '') : (body.pin ?? ''));
  await db.transaction(async (tx) => {
    await spendLink(tx, body.token, link.kind);
    await tx
      .update(clinicUsers)
      .set(link.kind === 'password' ? { passwordHash: hash } : { pinHash: hash })
      .where(eq(clinicUsers.id, link.userId));
    await writeStaffHistory(
      tx,
      { clinicId: link.clinicId, userId: link.userId, userName: link.name },
      {
        entity: 'staff',
        entityId: link.userId,
        action: 'change',
        changes: [{ field: link.kind, from: null, to: 'reset' }],
      },
    );
  });
  return { userId: link.userId, kind: link.kind };
}
