import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { VerifyEmailAnswer } from '#shared/contract/accounts';
import { failedPasswordRules } from '#shared/forms/password-rules';
import type { Db } from '#server/db/client';
import { owners, petCoOwners, petInvites } from '#server/db/schema';
import { hashPassword } from '#server/auth/password';
import { UserError } from '#server/http/errors';
import {
  consumeOneTimeToken,
  endOutstandingTokens,
  findUsableToken,
  findUsedToken,
} from '#server/accounts/one-time-tokens';

/** Throws the bad-link message unless the reset token is usable; it is not used up. */
export async function assertUsableResetToken(db: Db, token: string): Promise<void> {
  if (!(await findUsableToken(db, 'reset', token))) throw new UserError('badResetToken');
}

/**
 * Sets a new password with a reset token. The rules of SPEC.md §5 are checked first (a weak
 * password does not use up the token), then the token is looked up (so an unknown token costs no
 * hashing), then it is used up and the password set in one transaction, which also ends every
 * other outstanding reset link of the account.
 */
export async function resetPassword(db: Db, token: string, newPassword: string): Promise<void> {
  const broken = failedPasswordRules(newPassword);
  if (broken.length > 0) throw new UserError('passwordRules', { rules: { keys: broken.map((r) => r.messageKey) } });
  if (!(await findUsableToken(db, 'reset', token))) throw new UserError('badResetToken');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const row = await consumeOneTimeToken(tx, 'reset', token);
    if (!row) throw new UserError('badResetToken');
    await tx.update(owners).set({ passwordHash }).where(eq(owners.id, row.ownerId));
    // Any other reset link of the account, mailed before (or to someone who should not have it), ends with this reset.
    await endOutstandingTokens(tx, 'reset', row.ownerId);
  });
}

/**
 * Marks the owner's email address verified. A link opened again (its token used, the address verified) is told
 * as already verified rather than as a bad link: the visitor did nothing wrong.
 */
export async function verifyEmail(db: Db, token: string): Promise<VerifyEmailAnswer> {
  const verifiedNow = await db.transaction(async (tx) => {
    const row = await consumeOneTimeToken(tx, 'verify', token);
    if (!row) return false;
    await tx
      .update(owners)
      .set({ emailVerifiedAt: sql`coalesce(${owners.emailVerifiedAt}, now())` })
      .where(eq(owners.id, row.ownerId));
    return true;
  });
  if (verifiedNow) return { alreadyVerified: false };
  const used = await findUsedToken(db, 'verify', token);
  if (used) {
    const [owner] = await db
      .select({ id: owners.id })
      .from(owners)
      .where(and(eq(owners.id, used.ownerId), isNotNull(owners.emailVerifiedAt)));
    if (owner) return { alreadyVerified: true };
  }
  throw new UserError('badVerifyToken');
}

/** Accepts a pet-ownership invite: the invitee becomes a co-owner of the pet. */
export async function acceptPetInvite(db: Db, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await consumeOneTimeToken(tx, 'invite', token);
    if (!row || row.petInviteId === null) throw new UserError('badInviteToken');
    const [invite] = await tx
      .update(petInvites)
      .set({ acceptedAt: sql`now()` })
      .where(and(eq(petInvites.id, row.petInviteId), isNull(petInvites.acceptedAt)))
      .returning({ petProfileId: petInvites.petProfileId, inviteeOwnerId: petInvites.inviteeOwnerId });
    if (!invite) throw new UserError('badInviteToken');
    await tx
      .insert(petCoOwners)
      .values({ petProfileId: invite.petProfileId, ownerId: invite.inviteeOwnerId })
      .onConflictDoNothing();
  });
}
