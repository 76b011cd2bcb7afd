import { eq } from 'drizzle-orm';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { owners, petInvites, petProfiles } from '#server/db/schema';
import { issueOneTimeToken, type OneTimeTokenKind } from '#server/accounts/one-time-tokens';

const DEFAULT_TOKEN_OWNER: Record<OneTimeTokenKind, string> = {
  reset: 'demo.owner',
  verify: 'demo.owner',
  invite: 'demo.friend',
};
const DEFAULT_INVITE_PET = 'DEMO0001';

const PAGE: Record<OneTimeTokenKind, string> = {
  reset: '/ResetPassword',
  verify: '/VerifyEmail',
  invite: '/AcceptPetInvite',
};

export class IssueTokenError extends Error {}

export interface IssuedLink {
  kind: OneTimeTokenKind;
  token: string;
  link: string;
  expiresAt: Date;
  ownerUsername: string;
}

/**
 * Issues a one-time token as the mobile app's back office would e-mail it, and the page link.
 * reset/verify: for `owner` (default demo.owner). invite: an invite of pet `petPublicId`
 * (default DEMO0001) from its owner to `owner` (default demo.friend).
 */
export async function issueTokenLink(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  opts: { kind: OneTimeTokenKind; owner?: string; petPublicId?: string; lifetimeMs?: number },
): Promise<IssuedLink> {
  const username = opts.owner ?? DEFAULT_TOKEN_OWNER[opts.kind];
  const [owner] = await db.select({ id: owners.id }).from(owners).where(eq(owners.username, username)).limit(1);
  if (!owner) throw new IssueTokenError(`No owner with username "${username}".`);
  let petInviteId: number | null = null;
  if (opts.kind === 'invite') {
    const publicId = opts.petPublicId ?? DEFAULT_INVITE_PET;
    const [pet] = await db
      .select({ id: petProfiles.id, ownerId: petProfiles.ownerId })
      .from(petProfiles)
      .where(eq(petProfiles.publicId, publicId))
      .limit(1);
    if (!pet || pet.ownerId === null) throw new IssueTokenError(`No owned pet with public ID "${publicId}".`);
    if (pet.ownerId === owner.id)
      throw new IssueTokenError(`"${username}" already owns ${publicId}; invite another owner.`);
    const [invite] = await db
      .insert(petInvites)
      .values({ petProfileId: pet.id, inviterOwnerId: pet.ownerId, inviteeOwnerId: owner.id })
      .returning({ id: petInvites.id });
    petInviteId = invite.id;
  }
  const { token, expiresAt } = await issueOneTimeToken(db, {
    kind: opts.kind,
    ownerId: owner.id,
    petInviteId,
    lifetimeMs: opts.lifetimeMs,
  });
  const link = `${config.publicUrl}${PAGE[opts.kind]}?token=${encodeURIComponent(token)}`;
  return { kind: opts.kind, token, link, expiresAt, ownerUsername: username };
}
