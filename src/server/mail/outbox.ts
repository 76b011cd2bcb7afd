import crypto from 'node:crypto';
import { and, asc, eq, inArray, lt, lte, ne, notExists, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { failureCounts, outboxMessages } from '#server/db/schema';
import {
  currentAttempts,
  giveBackAttempts,
  reserveAttempt,
  reserveAttemptOfEach,
  reserveAttemptsOfKey,
} from '#server/http/failure-counts';
import { DELIVERABLE_ADDRESS, deliverableAddress, mailboxOf } from '#shared/email-address';

/** What a message is: its composer (app.ts) makes its content when it is sent. */
export type OutboxKind =
  | 'sighting'
  | 'reminder'
  | 'staff'
  | 'found-confirm'
  | 'found-match'
  | 'found-expired'
  | 'relay-confirm'
  | 'relay-message'
  | 'alert-confirm'
  | 'alert-digest'
  /** issue 33: the clinic's answer to an owner's visit request (booked with an .ics, or declined) */
  | 'visit-answer';

export interface NewOutboxMessage {
  kind: OutboxKind;
  recipient: string;
  language: string;
  payload: Record<string, unknown>;
  /** at most one message per key, ever */
  dedupeKey?: string;
  petProfileId?: number;
}

/** The same rule as deliverableAddress in SQL (PostgreSQL's regular expressions read this pattern alike), for lists. */
export const deliverableAddressSql = (column: SQLWrapper): SQL<boolean> =>
  sql<boolean>`(length(btrim(coalesce(${column}, ''))) <= 254
    and btrim(coalesce(${column}, '')) ~ ${sql.raw(`'${DELIVERABLE_ADDRESS.source.replaceAll("'", "''")}'`)})`;

/**
 * A cap on the e-mails one sender (e.g. `clinic:3`) may have queued to one recipient in a day (a
 * rolling 24 hours), so a clinic cannot flood an address with reminders (docs/decisions/0094), and
 * optionally on how many different recipients it may e-mail in a day (`recipientsPerDay`,
 * MAIL_RECIPIENTS_PER_CLINIC_PER_DAY: docs/decisions/0179), so a clinic's text cannot be mailed to
 * thousands of addresses. Counted per sender, so no sender can use up another's.
 */
export interface RecipientCap {
  sender: string;
  perDay: number;
  recipientsPerDay?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const capKey = (cap: RecipientCap, recipient: string) => `mail:${cap.sender}|${mailboxOf(recipient)}`;
const recipientsKey = (cap: RecipientCap) => `mail-recipients:${cap.sender}`;

/** Forgets the sender's counts of e-mails to these recipients today (their keys name the address: an erasure). */
export async function forgetRecipientCounts(db: Db, sender: string, recipients: readonly string[]): Promise<void> {
  if (recipients.length === 0) return;
  await db.delete(failureCounts).where(
    inArray(
      failureCounts.key,
      recipients.map((r) => capKey({ sender, perDay: 0 }, r)),
    ),
  );
}

/** How many more e-mails the sender may queue to this recipient today (a dry run's count). */
export async function recipientAllowanceLeft(db: Db, cap: RecipientCap, recipient: string): Promise<number> {
  const used = await currentAttempts(db, capKey(cap, recipient), DAY_MS);
  return Math.max(0, cap.perDay - (used?.count ?? 0));
}

/** How many more different recipients the sender may e-mail today (Infinity without such a cap: a dry run's count). */
export async function newRecipientsLeft(db: Db, cap: RecipientCap): Promise<number> {
  if (cap.recipientsPerDay === undefined) return Infinity;
  const used = await currentAttempts(db, recipientsKey(cap), DAY_MS);
  return Math.max(0, cap.recipientsPerDay - (used?.count ?? 0));
}

export type EnqueueResult =
  { status: 'queued'; id: number } | { status: 'duplicate' | 'overDailyLimit' | 'overRecipientsLimit' };

/**
 * Queues a message; call it with the transaction of the event that causes it, so the message exists
 * exactly when its cause does. 'queued' with the new message's id; 'duplicate' when a message with the same dedupe key
 * exists already;
 * 'overDailyLimit' when `cap` allows the recipient no more today, 'overRecipientsLimit' when it allows the sender no
 * new recipient today (nothing is queued).
 */
export async function enqueueMail(tx: Db, message: NewOutboxMessage, cap?: RecipientCap): Promise<EnqueueResult> {
  const recipient = deliverableAddress(message.recipient);
  if (!recipient) throw new Error('enqueueMail: the recipient is not one deliverable address');
  const allowance = cap
    ? await reserveAttempt(tx, capKey(cap, recipient), { limit: cap.perDay, windowMs: DAY_MS })
    : null;
  if (allowance && !allowance.granted) return { status: 'overDailyLimit' };
  // The first e-mail to this address in its day uses one of the sender's new recipients for the day.
  const newRecipient =
    cap?.recipientsPerDay !== undefined && allowance?.count === 1
      ? await reserveAttempt(tx, recipientsKey(cap), { limit: cap.recipientsPerDay, windowMs: DAY_MS })
      : null;
  if (newRecipient && !newRecipient.granted) {
    if (allowance?.granted) await allowance.giveBack();
    return { status: 'overRecipientsLimit' };
  }
  const rows = await tx
    .insert(outboxMessages)
    .values({ ...message, recipient, dedupeKey: message.dedupeKey ?? null, petProfileId: message.petProfileId ?? null })
    .onConflictDoNothing({ target: outboxMessages.dedupeKey, where: sql`${outboxMessages.dedupeKey} is not null` })
    .returning({ id: outboxMessages.id });
  if (rows.length > 0) return { status: 'queued', id: rows[0].id };
  // Nothing new goes out: the day's allowances are given back.
  if (allowance?.granted) await allowance.giveBack();
  if (newRecipient?.granted) await newRecipient.giveBack();
  return { status: 'duplicate' };
}

/** Rows per INSERT of a batch (PostgreSQL allows 65,535 parameters a statement; a message has up to 6). */
const MESSAGES_PER_STATEMENT = 1000;

/**
 * Queues a batch of messages as enqueueMail would queue each in turn, in a few statements whatever their number (the
 * reminder sweep: docs/decisions/0192): every message has a dedupe key and the messages' recipients are distinct
 * mailboxes (one e-mail per owner), so each takes one of the cap's e-mails to its recipient, and the first ones to a
 * recipient new today take the sender's new recipients left, in the batch's order. Call it inside the transaction
 * of the cause. The answers are in the messages' order.
 */
export async function enqueueMails(
  tx: Db,
  batch: readonly (NewOutboxMessage & { dedupeKey: string })[],
  cap: RecipientCap,
): Promise<EnqueueResult[]> {
  const messages = batch.map((m) => {
    const recipient = deliverableAddress(m.recipient);
    if (!recipient) throw new Error('enqueueMails: a recipient is not one deliverable address');
    return { ...m, recipient, capKey: capKey(cap, recipient) };
  });
  if (new Set(messages.map((m) => m.capKey)).size !== messages.length)
    throw new Error('enqueueMails: two messages of the batch go to one mailbox');
  const results: EnqueueResult[] = messages.map(() => ({ status: 'duplicate' }));
  const existing = new Set<string>();
  for (let i = 0; i < messages.length; i += MESSAGES_PER_STATEMENT) {
    const keys = messages.slice(i, i + MESSAGES_PER_STATEMENT).map((m) => m.dedupeKey);
    const rows = await tx
      .select({ dedupeKey: outboxMessages.dedupeKey })
      .from(outboxMessages)
      .where(inArray(outboxMessages.dedupeKey, keys));
    for (const r of rows) if (r.dedupeKey !== null) existing.add(r.dedupeKey);
  }
  const fresh = messages.flatMap((m, i) => (existing.has(m.dedupeKey) ? [] : [{ ...m, i }]));
  const counts = new Map<string, number>();
  for (let i = 0; i < fresh.length; i += MESSAGES_PER_STATEMENT) {
    const keys = fresh.slice(i, i + MESSAGES_PER_STATEMENT).map((m) => m.capKey);
    for (const [key, count] of await reserveAttemptOfEach(tx, keys, { limit: cap.perDay, windowMs: DAY_MS }))
      counts.set(key, count);
  }
  const allowed: typeof fresh = [];
  for (const m of fresh) {
    if (counts.has(m.capKey)) allowed.push(m);
    else results[m.i] = { status: 'overDailyLimit' };
  }
  // The first e-mail to an address in its day uses one of the sender's new recipients for the day.
  const isNew = (m: (typeof fresh)[number]) => cap.recipientsPerDay !== undefined && counts.get(m.capKey) === 1;
  const newOnes = allowed.filter(isNew);
  const newGranted =
    cap.recipientsPerDay === undefined
      ? 0
      : await reserveAttemptsOfKey(tx, recipientsKey(cap), newOnes.length, {
          limit: cap.recipientsPerDay,
          windowMs: DAY_MS,
        });
  const refused = new Set(newOnes.slice(newGranted));
  for (const m of refused) results[m.i] = { status: 'overRecipientsLimit' };
  const toQueue = allowed.filter((m) => !refused.has(m));
  const queuedIds = new Map<string, number>();
  for (let i = 0; i < toQueue.length; i += MESSAGES_PER_STATEMENT) {
    const rows = await tx
      .insert(outboxMessages)
      .values(
        toQueue.slice(i, i + MESSAGES_PER_STATEMENT).map((m) => ({
          kind: m.kind,
          recipient: m.recipient,
          language: m.language,
          payload: m.payload,
          dedupeKey: m.dedupeKey,
          petProfileId: m.petProfileId ?? null,
        })),
      )
      .onConflictDoNothing({ target: outboxMessages.dedupeKey, where: sql`${outboxMessages.dedupeKey} is not null` })
      .returning({ id: outboxMessages.id, dedupeKey: outboxMessages.dedupeKey });
    for (const r of rows) if (r.dedupeKey !== null) queuedIds.set(r.dedupeKey, r.id);
  }
  // Allowances of what was not queued are given back: the refused new recipients' and (a key queued meanwhile) both.
  const notQueued = toQueue.filter((m) => !queuedIds.has(m.dedupeKey));
  await giveBackAttempts(
    tx,
    [...refused, ...notQueued].map((m) => m.capKey),
  );
  await giveBackAttempts(tx, [recipientsKey(cap)], notQueued.filter(isNew).length);
  for (const m of toQueue) {
    const id = queuedIds.get(m.dedupeKey);
    if (id !== undefined) results[m.i] = { status: 'queued', id };
  }
  return results;
}

export interface ClaimedMessage {
  id: number;
  kind: string;
  recipient: string;
  language: string;
  payload: Record<string, unknown>;
  petProfileId: number | null;
  attempts: number;
  createdAt: Date;
  claimId: string;
}

/**
 * Claims up to `limit` due messages for this worker in one statement: due queued messages, and
 * messages whose sender's claim ran out (it died mid-send). FOR UPDATE SKIP LOCKED lets workers of
 * several processes claim at once without waiting on or taking each other's rows (decision 0060).
 * Sending happens after this statement commits, outside any transaction.
 */
export async function claimDueMessages(db: Db, limit: number, claimMs: number): Promise<ClaimedMessage[]> {
  const claimId = crypto.randomUUID();
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      or(
        and(eq(outboxMessages.status, 'queued'), lte(outboxMessages.nextAttemptAt, sql`now()`)),
        and(eq(outboxMessages.status, 'sending'), lt(outboxMessages.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outboxMessages)
    .set({
      status: 'sending',
      claimId,
      claimedUntil: sql`now() + ${claimMs}::int * interval '1 millisecond'`,
      attempts: sql`${outboxMessages.attempts} + 1`,
    })
    .where(inArray(outboxMessages.id, due))
    .returning({
      id: outboxMessages.id,
      kind: outboxMessages.kind,
      recipient: outboxMessages.recipient,
      language: outboxMessages.language,
      payload: outboxMessages.payload,
      petProfileId: outboxMessages.petProfileId,
      attempts: outboxMessages.attempts,
      createdAt: outboxMessages.createdAt,
    });
  return rows.map((r) => ({ ...r, claimId })).sort((a, b) => a.id - b.id);
}

const ours = (m: Pick<ClaimedMessage, 'id' | 'claimId'>) =>
  and(eq(outboxMessages.id, m.id), eq(outboxMessages.claimId, m.claimId), eq(outboxMessages.status, 'sending'));

export async function markSent(db: Db, m: ClaimedMessage, sentPayload?: Record<string, unknown>): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      claimId: null,
      claimedUntil: null,
      lastError: null,
      ...(sentPayload ? { payload: sql`${outboxMessages.payload} || ${JSON.stringify(sentPayload)}::jsonb` } : {}),
    })
    .where(ours(m));
}

/** Ends a message without sending it (its cause is gone, e.g. the pet was found). */
export async function markDropped(db: Db, m: ClaimedMessage, reason: string): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'dropped', claimId: null, claimedUntil: null, lastError: reason })
    .where(ours(m));
}

export async function markFailed(db: Db, m: ClaimedMessage, reason: string): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'failed', claimId: null, claimedUntil: null, lastError: reason })
    .where(ours(m));
}

/** The wait before attempt `attempts + 1`: base, 2x base, 4x base… at most an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/**
 * Puts a message back in the queue for a later attempt. A sighting e-mail is dropped instead when a
 * newer one for the same pet is queued already: that one carries every sighting since the last sent.
 */
export async function markForRetry(db: Db, m: ClaimedMessage, reason: string, delayMs: number): Promise<void> {
  const newerSighting = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.kind, 'sighting'),
        eq(outboxMessages.status, 'queued'),
        eq(outboxMessages.petProfileId, m.petProfileId ?? -1),
        ne(outboxMessages.id, m.id),
      ),
    );
  const requeued = await db
    .update(outboxMessages)
    .set({
      status: 'queued',
      claimId: null,
      claimedUntil: null,
      lastError: reason,
      nextAttemptAt: sql`now() + ${delayMs}::int * interval '1 millisecond'`,
    })
    .where(and(ours(m), m.kind === 'sighting' ? notExists(newerSighting) : undefined))
    .returning({ id: outboxMessages.id });
  if (requeued.length === 0 && m.kind === 'sighting')
    await markDropped(db, m, `${reason} (superseded by a later e-mail)`);
}
