/**
 * Contract of a reminder e-mail's unsubscribe link (issue 32, item 5; docs/decisions/0180): the public page
 * /Unsubscribe reads what the link names, and its button (or a mail client's one-click POST, RFC 8058) turns the
 * owner's reminder e-mails off. The token names one owner of one clinic; no address is in it or in any answer.
 */
import { Type, type Static } from '@sinclair/typebox';

const Token = Type.String({ maxLength: 200, description: 'the token of a reminder e-mail’s unsubscribe link' });

export const ReminderUnsubscribeQuery = Type.Object({ token: Type.Optional(Token) });
export type ReminderUnsubscribeQuery = Static<typeof ReminderUnsubscribeQuery>;

export const OwnerUnsubscribeLink = Type.Object({
  /** the clinic that sends the reminders */
  clinicName: Type.String(),
  /** reminder e-mails are off already */
  unsubscribed: Type.Boolean(),
});
export type OwnerUnsubscribeLink = Static<typeof OwnerUnsubscribeLink>;

/** JSON { token } from the page; a mail client posts `List-Unsubscribe=One-Click` as a form, the token in the query. */
export const UnsubscribeRemindersBody = Type.Object({
  token: Type.Optional(Token),
  'List-Unsubscribe': Type.Optional(Type.String({ maxLength: 40 })),
});
export type UnsubscribeRemindersBody = Static<typeof UnsubscribeRemindersBody>;

export const OwnerUnsubscribed = Type.Object({
  clinicName: Type.String(),
  /** reminder e-mails were off already: nothing changed */
  alreadyUnsubscribed: Type.Boolean(),
});
export type OwnerUnsubscribed = Static<typeof OwnerUnsubscribed>;
