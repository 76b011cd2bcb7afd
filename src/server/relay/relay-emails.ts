import { eq } from 'drizzle-orm';
import { clinics, petProfiles, relayConversations, relayMessages } from '#server/db/schema';
import type { Composer } from '#server/mail/compose';
import { renderMailHtml, renderMailText, type MailLayout } from '#server/mail/layout';
import { mailTranslator } from '#server/i18n';
import { createLink } from '#server/auth/link-tokens';
import { withLinksAndPhonesHeld } from '#server/relay/held-text';

/** A reply link works this long; each e-mail of the conversation brings a new one. */
const REPLY_LINK_DAYS = 90;
const CONFIRM_LINK_DAYS = 7;

type ConversationRow = typeof relayConversations.$inferSelect;
type Translate = ReturnType<typeof mailTranslator>['t'];

/** The lost pet's name when the conversation is about one; null for a found pet (the e-mail says "the pet"). */
async function lostPetName(app: Parameters<Composer>[0], conversation: ConversationRow): Promise<string | null> {
  if (conversation.petProfileId === null) return null;
  const [pet] = await app.db
    .select({ name: petProfiles.name })
    .from(petProfiles)
    .where(eq(petProfiles.id, conversation.petProfileId));
  return pet?.name ?? '';
}

function finish(
  app: Parameters<Composer>[0],
  layout: Omit<MailLayout, 'appName' | 'publicUrl' | 'footer'>,
  t: Translate,
) {
  const { appName, publicUrl } = app.config;
  const full: MailLayout = {
    ...layout,
    appName,
    publicUrl,
    footer: [t('footer', { appName, publicUrl }), t('automatic')],
  };
  return { subject: full.title, text: renderMailText(full), html: renderMailHtml(full) };
}

/** The sender's one confirmation: their message goes once they follow the link. */
export const composeRelayConfirmMail: Composer = async (app, message) => {
  const id = typeof message.payload.conversationId === 'number' ? message.payload.conversationId : null;
  const [conversation] = id ? await app.db.select().from(relayConversations).where(eq(relayConversations.id, id)) : [];
  if (!conversation) return { drop: 'the conversation is gone' };
  const { t, language } = mailTranslator(message.language);
  const petName = await lostPetName(app, conversation);
  const token = await createLink(app.db, 'relay-confirm', conversation.id, CONFIRM_LINK_DAYS);
  return finish(
    app,
    {
      language,
      title: t('relay.confirm.subject'),
      paragraphs: [
        petName !== null ? t('relay.confirm.introOwner', { petName }) : t('relay.confirm.introFinder'),
        t('relay.confirm.once'),
      ],
      action: { label: t('relay.confirm.action'), href: `${app.config.publicUrl}/messages/confirm?token=${token}` },
      notes: [t('relay.confirm.notYou', { days: CONFIRM_LINK_DAYS })],
    },
    t,
  );
};

/**
 * A message to the other side of a conversation, with a new reply link of that side. The sender's held parts stay
 * held for a recipient who has not answered yet; nothing goes in a conversation blocked since it was queued.
 */
export const composeRelayMessageMail: Composer = async (app, message) => {
  const id = typeof message.payload.messageId === 'number' ? message.payload.messageId : null;
  const [row] = id
    ? await app.db
        .select({ message: relayMessages, conversation: relayConversations })
        .from(relayMessages)
        .innerJoin(relayConversations, eq(relayConversations.id, relayMessages.conversationId))
        .where(eq(relayMessages.id, id))
    : [];
  if (!row) return { drop: 'the message is gone' };
  const { conversation } = row;
  if (conversation.blockedAt !== null) return { drop: 'the conversation was blocked' };
  const toRecipient = !row.message.fromRecipient;
  const { t, language } = mailTranslator(message.language);
  const petName = await lostPetName(app, conversation);
  const [clinic] =
    toRecipient && conversation.senderClinicId
      ? await app.db.select({ name: clinics.name }).from(clinics).where(eq(clinics.id, conversation.senderClinicId))
      : [];
  const held = toRecipient && row.message.held && !conversation.recipientAnswered;
  const token = await createLink(
    app.db,
    toRecipient ? 'relay-recipient' : 'relay-sender',
    conversation.id,
    REPLY_LINK_DAYS,
  );
  const vars = { petName: petName ?? '', clinicName: clinic?.name ?? '' };
  const title = toRecipient
    ? clinic
      ? t('relay.message.fromClinic', vars)
      : petName !== null
        ? t('relay.message.toOwner', vars)
        : t('relay.message.toFinder', vars)
    : petName !== null
      ? t('relay.message.fromOwner', vars)
      : t('relay.message.fromFinder', vars);
  return finish(
    app,
    {
      language,
      title,
      paragraphs: [held ? withLinksAndPhonesHeld(row.message.body) : row.message.body],
      action: { label: t('relay.message.action'), href: `${app.config.publicUrl}/messages?token=${token}` },
      notes: [
        ...(held ? [t('relay.message.held')] : []),
        t('relay.message.private'),
        ...(toRecipient && petName !== null ? [t('relay.message.scam')] : []),
      ],
    },
    t,
  );
};
