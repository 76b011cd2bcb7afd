import type { FastifyInstance } from 'fastify';
import type { Composer } from '#server/mail/compose';
import {
  claimDueMessages,
  markDropped,
  markFailed,
  markForRetry,
  markSent,
  retryDelayMs,
  type ClaimedMessage,
} from '#server/mail/outbox';
import { createMailTransport, isPermanentRefusal, type MailTransport } from '#server/mail/transport';
import { cacheTag, invalidatePublicCache } from '#server/cache/public-cache';
import { errorText } from '#server/http/loggable-error';

/** A claim outlives the transport's longest timeouts (transport.ts), so only a dead worker loses one. */
const CLAIM_MS = 2 * 60 * 1000;
const BATCH = 10;

export interface MailWorker {
  /** Looks for due messages now (call after queueing one, once its transaction has committed). */
  nudge(): void;
  /** Runs one pass over the due messages; resolves when it is done (tests, shutdown). */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailWorker;
  }
}

/**
 * Why a message was not sent, as the clinic's reminder card shows it: the mail server's answer, or the error without
 * any value it carried.
 */
function reasonOf(err: unknown): string {
  const e = err as { response?: unknown } | null;
  const text = typeof e?.response === 'string' && e.response ? e.response : errorText(err);
  return text.slice(0, 500);
}

/**
 * The e-mail worker of a server process: polls the outbox every MAIL_POLL_MS (and at once when
 * nudged), sends each claimed message, and records the outcome. Several processes may run it on one
 * PostgreSQL (decision 0060). It starts when the app is ready and stops, finishing the message in
 * hand, when the app closes.
 */
export function setUpMailWorker(
  app: FastifyInstance,
  composers: Record<string, Composer>,
  transport: MailTransport = createMailTransport(app.config),
): MailWorker {
  const { mailPollMs, mailRetryBaseMs, mailMaxAttempts } = app.config;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;
  let stopping = false;

  const deliver = async (m: ClaimedMessage) => {
    const compose = composers[m.kind];
    let composed;
    try {
      composed = compose ? await compose(app, m) : { drop: `no composer for "${m.kind}"` };
    } catch (err) {
      app.log.warn({ outboxId: m.id, err }, 'e-mail could not be composed; retrying later');
      await markForRetry(app.db, m, 'could not be composed', retryDelayMs(m.attempts, mailRetryBaseMs));
      return;
    }
    if ('drop' in composed) {
      await markDropped(app.db, m, composed.drop);
      return;
    }
    const host = new URL(app.config.publicUrl).hostname || 'pawtal';
    try {
      const result = await transport.send({
        to: m.recipient,
        language: m.language,
        messageId: `<outbox-${m.id}-${m.createdAt.getTime()}@${host}>`,
        subject: composed.subject,
        text: composed.text,
        html: composed.html,
        attachments: composed.attachments,
        headers: composed.headers,
        fromName: composed.fromName,
        replyTo: composed.replyTo,
      });
      await markSent(app.db, m, composed.sentPayload);
      if (result.file) app.log.info({ outboxId: m.id, kind: m.kind }, `e-mail written to ${result.file}`);
      else app.log.info({ outboxId: m.id, kind: m.kind }, 'e-mail sent');
    } catch (err) {
      const reason = reasonOf(err);
      if (isPermanentRefusal(err) || m.attempts >= mailMaxAttempts) {
        await markFailed(app.db, m, reason);
        app.log.warn({ outboxId: m.id, kind: m.kind, attempts: m.attempts, reason }, 'e-mail failed for good');
      } else {
        await markForRetry(app.db, m, reason, retryDelayMs(m.attempts, mailRetryBaseMs));
        app.log.warn({ outboxId: m.id, kind: m.kind, attempts: m.attempts, reason }, 'e-mail not sent; retrying later');
      }
    }
  };

  const pass = async () => {
    do {
      again = false;
      for (;;) {
        if (stopping) return;
        const batch = await claimDueMessages(app.db, BATCH, CLAIM_MS);
        if (batch.length === 0) break;
        for (const m of batch) {
          // on stop, the claims of the rest run out and another worker (or the next start) takes them
          if (stopping) return;
          await deliver(m);
          // A reminder's delivery state shows on the clinic's cached reminder lists, in every process.
          const clinicId = m.payload.clinicId;
          if (typeof clinicId === 'number') await invalidatePublicCache(app, [cacheTag.clinic(clinicId)]);
        }
      }
    } while (again && !stopping);
  };

  const schedule = (delay: number) => {
    if (stopping || !started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), delay);
    timer.unref();
  };

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = pass()
      .catch((err: unknown) => {
        app.log.warn({ err }, 'mail worker pass failed; retrying at the next poll');
      })
      .finally(() => {
        running = null;
        schedule(mailPollMs);
      });
    return running;
  };

  app.addHook('onReady', async () => {
    started = true;
    app.log.info(`e-mail: ${transport.description}`);
    schedule(0);
  });
  app.addHook('onClose', async () => {
    stopping = true;
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
    transport.close();
  });

  return {
    nudge() {
      if (!started || stopping) return;
      if (running) again = true;
      else schedule(0);
    },
    drain: () => (stopping ? Promise.resolve() : run()),
  };
}
