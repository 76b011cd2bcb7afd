import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { failureCounts } from '#server/db/schema';

/**
 * Counts of attempts per key in a window that starts with the key's first attempt, in the
 * failure_counts table: every server process on one PostgreSQL shares them (docs/decisions/0090).
 * An attempt is reserved BEFORE its work by one atomic upsert that refuses once the limit is
 * reached, so concurrent attempts can never get past it; an attempt that turns out to be a
 * success is given back.
 */
export interface CountWindow {
  /** attempts allowed per window */
  limit: number;
  windowMs: number;
}

/** A reserved attempt: `giveBack` returns it (a hit, a success); a refused reservation says how long to wait. */
export type Reservation =
  | { granted: true; count: number; giveBack(): Promise<{ count: number } | null> }
  | { granted: false; retryAfterSeconds: number };

const windowEnd = (startedAt: Date, windowMs: number) => startedAt.getTime() + windowMs;

function secondsUntil(ms: number): number {
  return Math.max(1, Math.ceil((ms - Date.now()) / 1000));
}

/** Anything that runs queries: the database or a transaction. */
type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/**
 * Reserves one attempt of `key`, atomically: a new window when the last one is over, else one more
 * unless the window's limit is used up (then nothing is written and the answer says when the
 * window ends). The database's clock decides, so processes on several machines agree.
 */
export async function reserveAttempt(
  db: Queryable,
  key: string,
  { limit, windowMs }: CountWindow,
): Promise<Reservation> {
  const expired = sql`${failureCounts.windowStartedAt} <= now() - ${windowMs}::int * interval '1 millisecond'`;
  // Milliseconds, as a JavaScript Date holds them: giveBack finds its window by equality.
  const now = sql`date_trunc('milliseconds', now())`;
  const rows = await db
    .insert(failureCounts)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: failureCounts.key,
      set: {
        count: sql`case when ${expired} then 1 else ${failureCounts.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now} else ${failureCounts.windowStartedAt} end`,
      },
      setWhere: sql`${expired} or ${failureCounts.count} < ${limit}`,
    })
    .returning({ count: failureCounts.count, windowStartedAt: failureCounts.windowStartedAt });
  const [row] = rows;
  if (row) {
    const startedAt = row.windowStartedAt;
    return { granted: true, count: row.count, giveBack: () => giveBackAttempt(db, key, startedAt) };
  }
  const [current] = await db
    .select({ windowStartedAt: failureCounts.windowStartedAt })
    .from(failureCounts)
    .where(eq(failureCounts.key, key));
  return {
    granted: false,
    retryAfterSeconds: current ? secondsUntil(windowEnd(current.windowStartedAt, windowMs)) : 1,
  };
}

/** Gives one attempt back, in the window it was reserved in (after that window it no longer counts anyway). */
async function giveBackAttempt(db: Queryable, key: string, windowStartedAt: Date): Promise<{ count: number } | null> {
  const [row] = await db
    .update(failureCounts)
    .set({ count: sql`${failureCounts.count} - 1` })
    .where(
      and(eq(failureCounts.key, key), eq(failureCounts.windowStartedAt, windowStartedAt), gt(failureCounts.count, 0)),
    )
    .returning({ count: failureCounts.count });
  return row ?? null;
}

/** The key's attempts in its current window, and when that window ends (epoch ms); null when none count. */
export async function currentAttempts(
  db: Queryable,
  key: string,
  windowMs: number,
): Promise<{ count: number; endsAt: number } | null> {
  const [row] = await db
    .select({ count: failureCounts.count, windowStartedAt: failureCounts.windowStartedAt })
    .from(failureCounts)
    .where(eq(failureCounts.key, key));
  if (!row) return null;
  const endsAt = windowEnd(row.windowStartedAt, windowMs);
  return endsAt > Date.now() ? { count: row.count, endsAt } : null;
}

/** Removes the rows whose window ended before `before` (they count for nothing). */
export async function purgeEndedWindows(db: Queryable, before: Date): Promise<void> {
  await db.delete(failureCounts).where(lt(failureCounts.windowStartedAt, before));
}
