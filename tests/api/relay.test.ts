import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { owners, petProfiles, relayConversations } from '#server/db/schema';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases } from '#tests/support/databases';
import { TestSmtpServer, waitFor, type ReceivedMail } from '#tests/support/smtp-test-server';

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const HELPER = 'helper.two@example.org';
const FIRST = 'She ran towards the river. Call me on +351 912 345 678 or see www.example-pets.com/luna';

function linkIn(mail: ReceivedMail, path: string): string {
  const m = new RegExp(`http://pawtal\\.test${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.mail.text ?? '');
  if (!m) throw new Error(`no ${path} link in: ${mail.mail.text}`);
  return m[1];
}

/** The one e-mail to `to` (waiting for it), then forgets what was received. */
async function mailTo(to: string, what: string): Promise<ReceivedMail> {
  await waitFor(() => smtp.received.some((m) => m.envelopeTo.includes(to)), 10_000, what);
  const mail = smtp.received.find((m) => m.envelopeTo.includes(to))!;
  smtp.clear();
  return mail;
}

describeOnBothDatabases(
  'The contact relay: a message to a lost pet’s owner and back, without either address',
  (ctx) => {
    const api = injectApi(() => ctx().app);
    let ownerEmail = '';
    let address = 0;
    const from = () => ({ remoteAddress: `10.35.0.${++address}` });

    beforeAll(async () => {
      const [pet] = await ctx()
        .db.select({ email: owners.email })
        .from(petProfiles)
        .innerJoin(owners, eq(owners.id, petProfiles.ownerId))
        .where(eq(petProfiles.publicId, 'DEMO0002'));
      ownerEmail = pet.email;
    });
    beforeEach(() => smtp.clear());

    it('confirms a new sender once, holds their links and phones until the owner replies, and relays both ways', async () => {
      const sent = await api.post(API.contactOwner, { publicId: 'DEMO0002', message: FIRST, email: HELPER }, from());
      expect(sent.json()).toEqual({ result: 1, message: '', data: { status: 'confirmEmail' } });
      const confirmMail = await mailTo(HELPER, 'the sender’s confirmation');
      expect(confirmMail.mail.subject).toBe('Confirm your e-mail address to send your message');
      expect(confirmMail.mail.text).not.toContain(ownerEmail);

      const confirmed = await api.post(API.confirmRelaySender, { token: linkIn(confirmMail, '/messages/confirm') });
      expect(confirmed.json()).toMatchObject({ result: 1, data: { delivered: 1 } });
      const toOwner = await mailTo(ownerEmail, 'the message to the owner');
      expect(toOwner.mail.subject).toBe('A message about Luna');
      expect(toOwner.mail.text).toContain('She ran towards the river.');
      expect(toOwner.mail.text).not.toContain('912 345 678');
      expect(toOwner.mail.text).not.toContain('example-pets.com');
      expect(toOwner.raw).not.toContain(HELPER);
      const ownerToken = linkIn(toOwner, '/messages');

      const ownerView = (await api.get(API.conversation, { token: ownerToken })).json();
      expect(ownerView).toMatchObject({
        result: 1,
        data: { role: 'recipient', other: 'visitor', petName: 'Luna', publicId: 'DEMO0002', blocked: false },
      });
      expect(ownerView.data.messages).toEqual([
        expect.objectContaining({ mine: false, heldBack: true, body: expect.stringContaining('[…]') }),
      ]);
      expect(JSON.stringify(ownerView)).not.toContain('@');

      const replied = await api.post(API.replyToConversation, {
        token: ownerToken,
        message: 'Thank you! My number is 912 000 111.',
      });
      expect(replied.json()).toMatchObject({ result: 1, data: { status: 'sent' } });
      const toHelper = await mailTo(HELPER, 'the owner’s reply');
      expect(toHelper.mail.subject).toBe("Luna's owner replied");
      expect(toHelper.mail.text).toContain('912 000 111');
      expect(toHelper.raw).not.toContain(ownerEmail);
      const helperView = (await api.get(API.conversation, { token: linkIn(toHelper, '/messages') })).json().data;
      expect(helperView).toMatchObject({ role: 'sender', other: 'owner' });
      expect(helperView.messages.map((m) => [m.mine, m.body])).toEqual([
        [true, FIRST],
        [false, 'Thank you! My number is 912 000 111.'],
      ]);
      // the owner answered: the first message is whole for them now
      const after = (await api.get(API.conversation, { token: ownerToken })).json().data;
      expect(after.messages[0]).toMatchObject({ body: FIRST, heldBack: false });

      // a confirmed address writes at once
      const again = await api.post(
        API.contactOwner,
        { publicId: 'DEMO0002', message: 'Any news?', email: HELPER },
        from(),
      );
      expect(again.json().data).toEqual({ status: 'sent' });
      await mailTo(ownerEmail, 'the second message');
    });

    it('lets only the owner block a sender; a blocked sender is answered as before and nothing reaches the owner', async () => {
      const sender = 'pushy.three@example.org';
      await api.post(
        API.contactOwner,
        { publicId: 'DEMO0002', message: 'Pay the courier first.', email: sender },
        from(),
      );
      const confirmMail = await mailTo(sender, 'the confirmation');
      await api.post(API.confirmRelaySender, { token: linkIn(confirmMail, '/messages/confirm') });
      const ownerToken = linkIn(await mailTo(ownerEmail, 'the message'), '/messages');
      await api.post(API.replyToConversation, { token: ownerToken, message: 'Who are you?' });
      const senderToken = linkIn(await mailTo(sender, 'the reply'), '/messages');

      expect((await api.post(API.blockSender, { token: senderToken })).json()).toMatchObject({
        result: 0,
        message: 'Only the person who received this conversation can block its sender.',
      });
      expect((await api.post(API.blockSender, { token: ownerToken, report: true })).json()).toMatchObject({
        result: 1,
      });
      const [row] = await ctx()
        .db.select({ blockedAt: relayConversations.blockedAt, reportedAt: relayConversations.reportedAt })
        .from(relayConversations)
        .where(eq(relayConversations.senderEmail, sender));
      expect(row.blockedAt).not.toBeNull();
      expect(row.reportedAt).not.toBeNull();

      expect((await api.post(API.replyToConversation, { token: senderToken, message: 'Hello?' })).json()).toMatchObject(
        {
          result: 0,
          message: 'This conversation was closed by the other side.',
        },
      );
      const more = await api.post(
        API.contactOwner,
        { publicId: 'DEMO0002', message: 'Pay now.', email: sender },
        from(),
      );
      expect(more.json().data).toEqual({ status: 'sent' });
      await ctx().app.mail.drain();
      expect(smtp.received.filter((m) => m.envelopeTo.includes(ownerEmail))).toEqual([]);
      expect((await api.get(API.conversation, { token: ownerToken })).json().data.blocked).toBe(true);
    });

    it('refuses bad messages and unknown links with a clear message', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ publicId: 'DEMO0002', message: '  ', email: HELPER }, 'Write a message'],
        [{ publicId: 'DEMO0002', message: 'Hi', email: 'nope' }, 'This is not a valid e-mail address'],
        [{ message: 'Hi', email: HELPER }, 'Say which pet the message is about'],
        [{ publicId: 'DEMO0001', message: 'Hi', email: HELPER }, 'This pet is not reported lost.'],
      ];
      for (const [body, message] of cases) {
        const res = await api.send(API.contactOwner, { json: body }, from());
        expect(res.json(), JSON.stringify(body)).toMatchObject({ result: 0, message });
      }
      const finder = await api.send(
        API.contactFinder,
        { json: { foundPetId: 999999, message: 'Hi', email: HELPER } },
        from(),
      );
      expect(finder.json()).toMatchObject({
        result: 0,
        message: expect.stringContaining('found-pet report is not here'),
      });
      for (const token of ['x'.repeat(43), 'short']) {
        expect((await api.get(API.conversation, { token })).json()).toMatchObject({
          result: 0,
          message: 'This link is not valid or has expired.',
        });
      }
      expect(smtp.received).toEqual([]);
    });
  },
  () => ({ smtpUrl: smtp.url, mailPollMs: 60_000, mailRetryBaseMs: 20 }),
);
