import { like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from '#server/db/client';
import { failureCounts, outboxMessages } from '#server/db/schema';
import { enqueueMail, enqueueMails, type EnqueueResult, type RecipientCap } from '#server/mail/outbox';
import { describeOnBothDatabases } from '#tests/support/databases';

/** Each scenario queues these to distinct mailboxes; some were e-mailed before, one key exists already. */
function batch(prefix: string) {
  return ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => ({
    kind: 'reminder' as const,
    recipient: `${name}+tag@${prefix}.example`,
    language: 'en',
    payload: { name },
    dedupeKey: `${prefix}:${name}`,
  }));
}

/** Before the batch: the sender e-mailed a and b today (b twice, its cap), and c's key is queued already. */
async function dayBefore(db: Db, prefix: string, cap: RecipientCap): Promise<void> {
  const [a, b, c] = batch(prefix);
  await enqueueMail(db, { ...a, dedupeKey: `${prefix}:earlier-a` }, cap);
  await enqueueMail(db, { ...b, dedupeKey: `${prefix}:earlier-b1` }, cap);
  await enqueueMail(db, { ...b, dedupeKey: `${prefix}:earlier-b2` }, cap);
  await enqueueMail(db, c, { sender: `${prefix}-other`, perDay: 9 });
}

async function stateOf(db: Db, prefix: string) {
  const counts = await db
    .select({ key: failureCounts.key, count: failureCounts.count })
    .from(failureCounts)
    .where(like(failureCounts.key, `%${prefix}%`));
  const messages = await db
    .select({ recipient: outboxMessages.recipient, dedupeKey: outboxMessages.dedupeKey })
    .from(outboxMessages)
    .where(like(outboxMessages.dedupeKey, `${prefix}:%`));
  const byKey = (x: { key?: string | null; dedupeKey?: string | null }) => String(x.key ?? x.dedupeKey);
  return {
    counts: counts
      // one at a time leaves a given-back key at 0 (a duplicate's); a batch never takes it
      .filter((c) => c.count > 0)
      .map((c) => ({ ...c, key: c.key.replaceAll(prefix, '') }))
      .sort((x, y) => byKey(x).localeCompare(byKey(y))),
    messages: messages
      .map((m) => ({ recipient: m.recipient.replaceAll(prefix, ''), dedupeKey: m.dedupeKey?.replaceAll(prefix, '') }))
      .sort((x, y) => byKey(x).localeCompare(byKey(y))),
  };
}

const statuses = (results: EnqueueResult[]) => results.map((r) => r.status);

describeOnBothDatabases('E-mail outbox: a batch queued at once answers as one message at a time', (ctx) => {
  it('the daily cap, the new recipients cap in order, existing keys: the same answers, messages and counts', async () => {
    const db = ctx().db;
    const capOf = (prefix: string): RecipientCap => ({ sender: `clinic:${prefix}`, perDay: 2, recipientsPerDay: 4 });
    // a is known (no new recipient), b is at its cap, c is a duplicate, d and e are new (2 left of 4), f is refused
    await dayBefore(db, 'one', capOf('one'));
    const oneByOne: EnqueueResult[] = [];
    await db.transaction(async (tx) => {
      for (const m of batch('one')) oneByOne.push(await enqueueMail(tx as unknown as Db, m, capOf('one')));
    });
    await dayBefore(db, 'all', capOf('all'));
    const together = await db.transaction((tx) => enqueueMails(tx as unknown as Db, batch('all'), capOf('all')));

    expect(statuses(oneByOne)).toEqual([
      'queued',
      'overDailyLimit',
      'duplicate',
      'queued',
      'queued',
      'overRecipientsLimit',
    ]);
    expect(statuses(together)).toEqual(statuses(oneByOne));
    expect(await stateOf(db, 'all')).toEqual(await stateOf(db, 'one'));
  });

  it("refuses a batch with two messages to one mailbox (one e-mail per owner is the caller's grouping)", async () => {
    const [a] = batch('twice');
    const cap: RecipientCap = { sender: 'clinic:twice', perDay: 5 };
    await expect(
      ctx().db.transaction((tx) =>
        enqueueMails(tx as unknown as Db, [a, { ...a, recipient: 'A@twice.example', dedupeKey: 'twice:again' }], cap),
      ),
    ).rejects.toThrow(/one mailbox/);
  });
});
