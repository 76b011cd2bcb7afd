import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '#server/config';

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** the same on every attempt, so a receiver can tell a repeated delivery */
  messageId: string;
  language: string;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
  /** the sender's display name (MAIL_FROM's address stays the address); MAIL_FROM's own name without it */
  fromName?: string;
  /** where replies go (a clinic's own address) */
  replyTo?: string;
}

export interface MailTransport {
  /** where messages go, for the start-up log */
  readonly description: string;
  /** Resolves when the message is accepted (SMTP) or written (.eml); rejects with the reason otherwise. */
  send(mail: OutgoingMail): Promise<{ file?: string }>;
  close(): void;
}

/** An error the SMTP server gave for good (5xx): retrying would not help. */
export function isPermanentRefusal(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The address of MAIL_FROM ("Name <address>" or a bare address). */
function mailFromAddress(mailFrom: string): string {
  return /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

/**
 * The From header: MAIL_FROM, or its address under `fromName` (nodemailer encodes the name; line breaks and other
 * control characters are taken out before, so a name never adds a header).
 */
function sender(mailFrom: string, fromName: string | undefined) {
  const name = fromName?.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').trim();
  return name ? { name, address: mailFromAddress(mailFrom) } : mailFrom;
}

function message(config: Pick<Config, 'mailFrom'>, mail: OutgoingMail) {
  return {
    from: sender(config.mailFrom, mail.fromName),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    headers: { ...mail.headers, 'Content-Language': mail.language, 'Auto-Submitted': 'auto-generated' },
    attachments: mail.attachments?.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
    })),
  };
}

/** Redacts the password of an SMTP URL for logs. */
export function describeSmtpUrl(smtpUrl: string): string {
  const u = new URL(smtpUrl);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message is composed the same way and
 * written as an .eml file to OUTBOX_DIR (so the whole flow runs without a mail server).
 */
export function createMailTransport(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>): MailTransport {
  if (config.smtpUrl) {
    // Timeouts well under the worker's claim (docs/decisions/0060): a hung server cannot outlive it.
    const transporter = nodemailer.createTransport(config.smtpUrl, {
      connectionTimeout: 20_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    } as never);
    return {
      description: `SMTP ${describeSmtpUrl(config.smtpUrl)}`,
      async send(mail) {
        await transporter.sendMail(message(config, mail));
        return {};
      },
      close: () => transporter.close(),
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `.eml files in ${config.outboxDir} (no SMTP_URL)`,
    async send(mail) {
      const info = await composer.sendMail(message(config, mail));
      fs.mkdirSync(config.outboxDir, { recursive: true });
      const safeId = mail.messageId.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^_+|_+$/g, '');
      const file = path.join(config.outboxDir, `${safeId}.eml`);
      // write then rename: a reader never sees half a message
      fs.writeFileSync(`${file}.tmp`, info.message as Buffer);
      fs.renameSync(`${file}.tmp`, file);
      return { file };
    },
    close: () => composer.close(),
  };
}
