import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { linkTokens } from '#server/db/schema';
import { hashToken, newToken } from '#server/auth/tokens';

/**
 * What a private link of the lost-and-found e-mails opens (docs/decisions/0150): a found report for its finder,
 * a relay conversation for one of its sides or for its sender's confirmation, a lost-pet alert subscription.
 */
export type LinkPurpose =
  | 'found-manage'
  | 'relay-confirm'
  | 'relay-sender'
  | 'relay-recipient'
  | 'alert-confirm'
  | 'alert-unsubscribe'
  /** a reminder e-mail's unsubscribe link: a clinic's owner (issue 32) */
  | 'owner-unsubscribe'
  /** issue 33: a reminder e-mail's "Book a visit" link (subject: the e-mail's outbox message) */
  | 'book-visit';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The shape of newToken()'s tokens: anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * A new link for an e-mail: random, only its hash stored, valid `days`. Made when the e-mail is composed, so no
 * token is ever kept anywhere but in the e-mail itself.
 */
export async function createLink(
  db: Pick<Db, 'insert'>,
  purpose: LinkPurpose,
  subjectId: number,
  days: number,
  now = new Date(),
): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(linkTokens).values({
    purpose,
    subjectId,
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + days * DAY_MS),
    createdAt: now,
  });
  return token;
}

/** The subject and purpose a token opens among `purposes`, or null when it is unknown, expired or malformed. */
export async function openLink<P extends LinkPurpose>(
  db: Pick<Db, 'select'>,
  purposes: readonly P[],
  token: string | undefined,
  now = new Date(),
): Promise<{ subjectId: number; purpose: P } | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ subjectId: linkTokens.subjectId, purpose: linkTokens.purpose })
    .from(linkTokens)
    .where(
      and(
        eq(linkTokens.tokenHash, hashToken(token)),
        inArray(linkTokens.purpose, [...purposes]),
        gt(linkTokens.expiresAt, now),
      ),
    );
  return row ? { subjectId: row.subjectId, purpose: row.purpose as P } : null;
}

/** Drops the links that have expired. */
export async function purgeExpiredLinks(db: Pick<Db, 'delete'>, now = new Date()): Promise<void> {
  await db.delete(linkTokens).where(lt(linkTokens.expiresAt, now));
}
