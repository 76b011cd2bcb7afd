import type { FastifyInstance } from 'fastify';
import type { MailAttachment } from '#server/mail/transport';
import type { ClaimedMessage } from '#server/mail/outbox';

interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** more headers (a bulk e-mail's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058) */
  headers?: Record<string, string>;
  /** the sender's display name (a clinic's e-mail: "<clinic> via Pawtal"), and where replies go */
  fromName?: string;
  replyTo?: string;
  /** merged into the message's payload once it is sent (what the next message starts from) */
  sentPayload?: Record<string, unknown>;
}

/** A message's content, made when it is sent; `{ drop }` ends it unsent (its cause is gone). */
export type Composer = (app: FastifyInstance, message: ClaimedMessage) => Promise<ComposedMail | { drop: string }>;

/** The absolute address of a stored image for an e-mail (mail clients need absolute links). */
export function absoluteMediaUrl(publicUrl: string, imagePath: string | null): string | undefined {
  if (!imagePath) return undefined;
  if (/^https?:\/\//.test(imagePath)) return imagePath;
  return `${publicUrl}/media/${imagePath.replace(/^\/?(media\/)?/, '')}`;
}
