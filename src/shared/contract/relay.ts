/**
 * The contact relay (issue 34, docs/decisions/0152): a message to a lost pet's owner or a found report's finder
 * goes by e-mail with a reply link; neither side ever sees the other's address. Also a sighting with a note.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SIGHTING_NOTE_MAX } from '#shared/found-pets';
import { Nullable } from '#shared/contract/schema-parts';

const Token = Type.String({ maxLength: 200, description: "the private link's token" });

/**
 * ContactOwner, ContactFinder, TellLostPetOwner: sent (on its way to the other side), or waiting for the sender to
 * confirm their address by the link just e-mailed to them (the first time an address writes).
 */
export const ContactResult = Type.Object({
  status: Type.Union([Type.Literal('sent'), Type.Literal('confirmEmail')]),
});
export type ContactResult = Static<typeof ContactResult>;

export const ConfirmRelaySenderBody = Type.Object({ token: Token });
export type ConfirmRelaySenderBody = Static<typeof ConfirmRelaySenderBody>;

export const RelaySenderConfirmed = Type.Object({
  /** the messages that waited for the confirmation and are now on their way */
  delivered: Type.Integer(),
});
export type RelaySenderConfirmed = Static<typeof RelaySenderConfirmed>;

export const ConversationQuery = Type.Object({ token: Type.Optional(Token) });
export type ConversationQuery = Static<typeof ConversationQuery>;

const ConversationMessage = Type.Object({
  id: Type.Integer(),
  /** written by the holder of this link */
  mine: Type.Boolean(),
  /** the text; links and phone numbers of a held first message read "[…]" until the recipient answers */
  body: Type.String(),
  heldBack: Type.Boolean(),
  /** ISO 8601 */
  sentAt: Type.String(),
});

export const Conversation = Type.Object({
  /** sender: wrote first; recipient: the lost pet's owner or the finder */
  role: Type.Union([Type.Literal('sender'), Type.Literal('recipient')]),
  /** who the other side is */
  other: Type.Union([Type.Literal('owner'), Type.Literal('finder'), Type.Literal('visitor'), Type.Literal('clinic')]),
  /** the clinic's name when a clinic wrote first */
  clinicName: Nullable(Type.String()),
  /** what the conversation is about: a lost pet (its name and public ID) or a found report (its id) */
  petName: Nullable(Type.String()),
  publicId: Nullable(Type.String()),
  foundPetId: Nullable(Type.Integer()),
  petTypeId: Type.Integer(),
  image: Type.String(),
  messages: Type.Array(ConversationMessage),
  /** the recipient blocked the sender: nothing more goes either way */
  blocked: Type.Boolean(),
});
export type Conversation = Static<typeof Conversation>;

export const ReplyBody = Type.Object({
  token: Token,
  message: Type.String({ description: 'the reply (at most 2000 characters)' }),
});
export type ReplyBody = Static<typeof ReplyBody>;

export const BlockSenderBody = Type.Object({
  token: Token,
  /** also report the sender to Pawtal (a person reads reported conversations) */
  report: Type.Optional(Type.Boolean({ default: false })),
});
export type BlockSenderBody = Static<typeof BlockSenderBody>;

/** ReportSighting: the visitor's position where they saw a lost pet, with a short note for its owner. */
export const ReportSightingBody = Type.Object({
  publicId: Type.String({ maxLength: 64 }),
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
  note: Type.Optional(Type.String({ maxLength: SIGHTING_NOTE_MAX, default: '' })),
});
export type ReportSightingBody = Static<typeof ReportSightingBody>;

export const SightingReported = Type.Object({
  /** the owner has an address and will be e-mailed about it */
  ownerNotified: Type.Boolean(),
});
export type SightingReported = Static<typeof SightingReported>;

export const TokenBody = Type.Object({ token: Token });
export type TokenBody = Static<typeof TokenBody>;
