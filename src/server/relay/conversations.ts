import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ContactResult, Conversation, RelaySenderConfirmed } from '#shared/contract/relay';
import { mailboxOf } from '#shared/email-address';
import type { Db } from '#server/db/client';
import {
  clinics,
  confirmedSenders,
  foundPets,
  petProfiles,
  relayConversations,
  relayMessages,
} from '#server/db/schema';
import { petNotDeleted } from '#server/db/live-rows';
import { mediaBase } from '#server/config';
import { UserError } from '#server/http/errors';
import { reserveDaily, reservePublicWrite } from '#server/http/write-limit';
import { enqueueMail } from '#server/mail/outbox';
import { imageUrl } from '#server/media/media-url';
import { openLink } from '#server/auth/link-tokens';
import { lostPetOwnerAddress } from '#server/sightings/notify-owner';
import { CONFIRMATION_SENDER } from '#server/found-pets/reports';
import { withLinksAndPhonesHeld, carriesLinksOrPhones } from '#server/relay/held-text';

/**
 * The contact relay (docs/decisions/0152). A sender writes to a lost pet's owner or to a found report's finder; Pawtal
 * e-mails the message with a private reply link, and replies go back the same way, so neither side learns the
 * other's address unless they write it. An address is confirmed by a link the first time it writes (its messages
 * wait till then); while the recipient has not answered, the sender's links and phone numbers are held back; the
 * recipient can block (and report) the sender.
 */
type RelaySubject = { kind: 'pet'; petProfileId: number } | { kind: 'found'; foundPetId: number };

type ConversationRow = typeof relayConversations.$inferSelect;
type Queryable = Pick<Db, 'select'>;

/** The recipient's address and language: the lost pet's owner, or the open report's finder; null when none. */
async function recipientOf(db: Queryable, subject: RelaySubject): Promise<{ email: string; language: string } | null> {
  if (subject.kind === 'pet') return lostPetOwnerAddress(db, subject.petProfileId);
  const [report] = await db
    .select({ email: foundPets.finderEmail, language: foundPets.language })
    .from(foundPets)
    .where(and(eq(foundPets.id, subject.foundPetId), inArray(foundPets.status, ['open', 'reunited'])));
  return report ?? null;
}

const subjectOf = (c: Pick<ConversationRow, 'petProfileId' | 'foundPetId'>): RelaySubject =>
  c.petProfileId !== null
    ? { kind: 'pet', petProfileId: c.petProfileId }
    : { kind: 'found', foundPetId: c.foundPetId as number };

const subjectKey = (s: RelaySubject) => (s.kind === 'pet' ? `pet:${s.petProfileId}` : `found:${s.foundPetId}`);

/** The sender's conversation about a subject: the one there is for their mailbox, or a new one. */
async function conversationFor(
  tx: Db,
  subject: RelaySubject,
  sender: { email: string; language: string; clinicId: number | null },
): Promise<ConversationRow> {
  const mailbox = mailboxOf(sender.email);
  const bySubject =
    subject.kind === 'pet'
      ? eq(relayConversations.petProfileId, subject.petProfileId)
      : eq(relayConversations.foundPetId, subject.foundPetId);
  await tx
    .insert(relayConversations)
    .values({
      petProfileId: subject.kind === 'pet' ? subject.petProfileId : null,
      foundPetId: subject.kind === 'found' ? subject.foundPetId : null,
      senderEmail: sender.email,
      senderMailbox: mailbox,
      senderLanguage: sender.language,
      senderClinicId: sender.clinicId,
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(relayConversations)
    .where(and(bySubject, eq(relayConversations.senderMailbox, mailbox)))
    .for('update');
  return row;
}

async function isConfirmed(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db
    .select({ mailbox: confirmedSenders.mailbox })
    .from(confirmedSenders)
    .where(eq(confirmedSenders.mailbox, mailboxOf(email)));
  return row !== undefined;
}

/** Queues a sent message's e-mail to the other side of its conversation. */
async function queueDelivery(tx: Db, conversation: ConversationRow, messageId: number, fromRecipient: boolean) {
  const to = fromRecipient
    ? { email: conversation.senderEmail, language: conversation.senderLanguage }
    : await recipientOf(tx, subjectOf(conversation));
  if (!to) return;
  await enqueueMail(tx, {
    kind: 'relay-message',
    recipient: to.email,
    language: to.language,
    payload: { messageId },
    dedupeKey: `relay-message:${messageId}`,
  });
}

export interface FirstMessage {
  subject: RelaySubject;
  message: string;
  email: string;
  language: string;
  /** a clinic's "Tell the owner": named in the e-mail, never held back */
  clinicId?: number;
}

/**
 * ContactOwner, ContactFinder, TellLostPetOwner: a message from a sender to the subject's owner or finder, within
 * the limits (per client address per hour; per sender and per recipient per day). Sent at once from a confirmed
 * address; else kept until the sender follows the confirmation link e-mailed now. A blocked sender is answered as
 * if sent, and nothing goes.
 */
export async function sendFirstMessage(
  app: FastifyInstance,
  request: FastifyRequest,
  first: FirstMessage,
): Promise<ContactResult> {
  if (!(await recipientOf(app.db, first.subject)))
    throw new UserError(first.subject.kind === 'pet' ? 'ownerUnreachable' : 'foundPetNotFound');
  await reservePublicWrite(app, request);
  const { relayMessagesPerSenderPerDay, relayMessagesPerPetPerDay } = app.config;
  const result = await app.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await reserveDaily(db, `relay-from:${mailboxOf(first.email)}`, relayMessagesPerSenderPerDay, 'relaySenderLimit');
    await reserveDaily(db, `relay-to:${subjectKey(first.subject)}`, relayMessagesPerPetPerDay, 'relayPetLimit');
    const conversation = await conversationFor(db, first.subject, {
      email: first.email,
      language: first.language,
      clinicId: first.clinicId ?? null,
    });
    const blocked = conversation.blockedAt !== null;
    const confirmed = await isConfirmed(db, first.email);
    const held = !first.clinicId && !conversation.recipientAnswered && carriesLinksOrPhones(first.message);
    const [message] = await tx
      .insert(relayMessages)
      .values({
        conversationId: conversation.id,
        fromRecipient: false,
        body: first.message,
        held,
        status: blocked ? 'blocked' : confirmed ? 'sent' : 'unconfirmed',
      })
      .returning({ id: relayMessages.id });
    if (blocked) return 'sent' as const;
    if (confirmed) {
      await queueDelivery(db, conversation, message.id, false);
      return 'sent' as const;
    }
    const queued = await enqueueMail(
      db,
      {
        kind: 'relay-confirm',
        recipient: first.email,
        language: first.language,
        payload: { conversationId: conversation.id },
      },
      { sender: CONFIRMATION_SENDER, perDay: app.config.mailPerRecipientPerDay },
    );
    if (queued.status !== 'queued') throw new UserError('tooManyEmailsToAddress');
    return 'confirmEmail' as const;
  });
  app.mail.nudge();
  return { status: result };
}

/**
 * ConfirmRelaySender: the sender followed the confirmation link. Their address is confirmed for good, and every
 * message of theirs that waited for it (in any conversation) goes now.
 */
export async function confirmSender(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<RelaySenderConfirmed> {
  const held = await app.failureLimits.tokens.reserve(request);
  const link = await openLink(app.db, ['relay-confirm'], token);
  const [conversation] = link
    ? await app.db.select().from(relayConversations).where(eq(relayConversations.id, link.subjectId))
    : [];
  if (!conversation) throw new UserError('linkInvalid');
  await held.giveBack();
  const delivered = await app.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await tx.insert(confirmedSenders).values({ mailbox: conversation.senderMailbox }).onConflictDoNothing();
    const waiting = await tx
      .select({ message: relayMessages, conversation: relayConversations })
      .from(relayMessages)
      .innerJoin(relayConversations, eq(relayConversations.id, relayMessages.conversationId))
      .where(
        and(eq(relayConversations.senderMailbox, conversation.senderMailbox), eq(relayMessages.status, 'unconfirmed')),
      )
      .orderBy(asc(relayMessages.id))
      .for('update', { of: relayMessages });
    let sent = 0;
    for (const w of waiting) {
      const blocked = w.conversation.blockedAt !== null;
      await tx
        .update(relayMessages)
        .set({ status: blocked ? 'blocked' : 'sent' })
        .where(eq(relayMessages.id, w.message.id));
      if (blocked) continue;
      await queueDelivery(db, w.conversation, w.message.id, false);
      sent++;
    }
    return sent;
  });
  app.mail.nudge();
  return { delivered };
}

/** The conversation and side a reply link opens, under the address's failed-token limit. */
async function sideOfLink(app: FastifyInstance, request: FastifyRequest, token: string | undefined) {
  const held = await app.failureLimits.tokens.reserve(request);
  const link = await openLink(app.db, ['relay-sender', 'relay-recipient'], token);
  const [conversation] = link
    ? await app.db.select().from(relayConversations).where(eq(relayConversations.id, link.subjectId))
    : [];
  if (!link || !conversation) throw new UserError('linkInvalid');
  await held.giveBack();
  return { conversation, role: link.purpose === 'relay-sender' ? ('sender' as const) : ('recipient' as const) };
}

/** What a conversation is about, as its page shows it (the lost pet's public name and photo, or the report's). */
async function aboutOf(app: FastifyInstance, conversation: ConversationRow) {
  const base = mediaBase(app.config);
  if (conversation.petProfileId !== null) {
    const [pet] = await app.db
      .select({
        name: petProfiles.name,
        publicId: petProfiles.publicId,
        petTypeId: petProfiles.petTypeId,
        imagePath: petProfiles.imagePath,
      })
      .from(petProfiles)
      .where(and(eq(petProfiles.id, conversation.petProfileId), petNotDeleted));
    return {
      petName: pet?.name ?? null,
      publicId: pet?.publicId ?? null,
      foundPetId: null,
      petTypeId: pet?.petTypeId ?? 0,
      image: imageUrl(base, pet?.imagePath ?? null),
    };
  }
  const [report] = await app.db
    .select({ petTypeId: foundPets.petTypeId, photos: foundPets.photos })
    .from(foundPets)
    .where(eq(foundPets.id, conversation.foundPetId as number));
  return {
    petName: null,
    publicId: null,
    foundPetId: conversation.foundPetId,
    petTypeId: report?.petTypeId ?? 0,
    image: imageUrl(base, report?.photos[0] ?? null),
  };
}

/** GetConversation: the messages of one side's link, oldest first; held parts stay held for the recipient. */
export async function readConversation(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string | undefined,
): Promise<Conversation> {
  const { conversation, role } = await sideOfLink(app, request, token);
  const messages = await app.db
    .select()
    .from(relayMessages)
    .where(
      and(
        eq(relayMessages.conversationId, conversation.id),
        // the sender sees all they wrote; the recipient what was sent to them
        role === 'sender' ? undefined : eq(relayMessages.status, 'sent'),
      ),
    )
    .orderBy(asc(relayMessages.id));
  const [clinic] = conversation.senderClinicId
    ? await app.db.select({ name: clinics.name }).from(clinics).where(eq(clinics.id, conversation.senderClinicId))
    : [];
  const hold = role === 'recipient' && !conversation.recipientAnswered;
  return {
    role,
    other:
      role === 'recipient' ? (clinic ? 'clinic' : 'visitor') : conversation.petProfileId !== null ? 'owner' : 'finder',
    clinicName: clinic?.name ?? null,
    ...(await aboutOf(app, conversation)),
    messages: messages.map((m) => {
      const heldBack = hold && m.held && !m.fromRecipient;
      return {
        id: m.id,
        mine: m.fromRecipient === (role === 'recipient'),
        body: heldBack ? withLinksAndPhonesHeld(m.body) : m.body,
        heldBack,
        sentAt: m.createdAt.toISOString(),
      };
    }),
    blocked: conversation.blockedAt !== null,
  };
}

/** ReplyToConversation: a message from either side's link to the other; the recipient's first reply lifts the hold. */
export async function replyInConversation(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  text: string,
): Promise<ContactResult> {
  const { conversation, role } = await sideOfLink(app, request, token);
  if (conversation.blockedAt !== null) throw new UserError('relayBlocked');
  await reservePublicWrite(app, request);
  const fromRecipient = role === 'recipient';
  await app.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await reserveDaily(
      db,
      `relay-conversation:${conversation.id}`,
      app.config.relayMessagesPerSenderPerDay * 2,
      'relaySenderLimit',
    );
    const [message] = await tx
      .insert(relayMessages)
      .values({ conversationId: conversation.id, fromRecipient, body: text, status: 'sent' })
      .returning({ id: relayMessages.id });
    if (fromRecipient)
      await tx
        .update(relayConversations)
        .set({ recipientAnswered: true })
        .where(eq(relayConversations.id, conversation.id));
    await queueDelivery(db, conversation, message.id, fromRecipient);
  });
  app.mail.nudge();
  return { status: 'sent' };
}

/** BlockSender: the recipient ends the conversation (and may report it); the sender's next messages go nowhere. */
export async function blockSender(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  report: boolean,
  now = new Date(),
): Promise<void> {
  const { conversation, role } = await sideOfLink(app, request, token);
  if (role !== 'recipient') throw new UserError('relayRecipientOnly');
  await app.db
    .update(relayConversations)
    .set({ blockedAt: sql`coalesce(${relayConversations.blockedAt}, ${now})`, ...(report ? { reportedAt: now } : {}) })
    .where(eq(relayConversations.id, conversation.id));
  // messages still waiting for the sender's confirmation never go
  await app.db
    .update(relayMessages)
    .set({ status: 'blocked' })
    .where(and(eq(relayMessages.conversationId, conversation.id), eq(relayMessages.status, 'unconfirmed')));
  // a person reads reported conversations (by id: no address or text in the log)
  if (report) app.log.warn({ relayConversationId: conversation.id }, 'a relay conversation was reported');
}
