import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { oneTimeTokens } from '#server/db/schema';
import { hashToken, newToken } from '#server/auth/tokens';

export type OneTimeTokenKind = 'reset' | 'verify' | 'invite';

const HOUR_MS = 60 * 60 * 1000;
/** How long each kind of link works. */
const TOKEN_LIFETIME_MS: Record<OneTimeTokenKind, number> = {
  reset: HOUR_MS,
  verify: 48 * HOUR_MS,
  invite: 7 * 24 * HOUR_MS,
};

/** Anything that runs queries: the database or a transaction. */
type Queryable = Pick<Db, 'select' | 'insert' | 'update'>;

export interface IssuedToken {
  /** the secret for the link; only its hash is stored */
  token: string;
  expiresAt: Date;
}

/** Creates a one-time token for an owner (and a pet invite, for kind 'invite'). */
export async function issueOneTimeToken(
  db: Queryable,
  opts: { kind: OneTimeTokenKind; ownerId: number; petInviteId?: number | null; lifetimeMs?: number; now?: Date },
): Promise<IssuedToken> {
  const { token, hash } = newToken();
  const now = opts.now ?? new Date();
  const expiresAt = new Date(now.getTime() + (opts.lifetimeMs ?? TOKEN_LIFETIME_MS[opts.kind]));
  await db.insert(oneTimeTokens).values({
    kind: opts.kind,
    tokenHash: hash,
    ownerId: opts.ownerId,
    petInviteId: opts.petInviteId ?? null,
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt };
}

export interface TokenRow {
  id: number;
  ownerId: number;
  petInviteId: number | null;
}

const usable = (kind: OneTimeTokenKind, token: string) =>
  and(
    eq(oneTimeTokens.tokenHash, hashToken(token)),
    eq(oneTimeTokens.kind, kind),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, sql`now()`),
  );

const returned = { id: oneTimeTokens.id, ownerId: oneTimeTokens.ownerId, petInviteId: oneTimeTokens.petInviteId };

/** The token if it is of this kind, unused and unexpired (does not use it up). */
export async function findUsableToken(db: Queryable, kind: OneTimeTokenKind, token: string): Promise<TokenRow | null> {
  const [row] = await db.select(returned).from(oneTimeTokens).where(usable(kind, token)).limit(1);
  return row ?? null;
}

/** The token if it is of this kind and was used (expired since or not): a link opened again. */
export async function findUsedToken(db: Queryable, kind: OneTimeTokenKind, token: string): Promise<TokenRow | null> {
  const [row] = await db
    .select(returned)
    .from(oneTimeTokens)
    .where(
      and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.kind, kind), isNotNull(oneTimeTokens.usedAt)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Uses the token up, atomically: of two concurrent uses exactly one gets the row.
 * Null when it is unknown, of another kind, used or expired.
 */
export async function consumeOneTimeToken(
  db: Queryable,
  kind: OneTimeTokenKind,
  token: string,
): Promise<TokenRow | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(kind, token))
    .returning(returned);
  return row ?? null;
}

/** Ends every outstanding token of one kind of an owner (after a password reset: the other reset links). */
export async function endOutstandingTokens(db: Queryable, kind: OneTimeTokenKind, ownerId: number): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.ownerId, ownerId), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt)));
}
