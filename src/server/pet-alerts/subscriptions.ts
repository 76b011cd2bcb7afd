import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AlertSubscriptionValues } from '#shared/forms/lost-found-forms';
import { mailboxOf } from '#shared/email-address';
import type { Db } from '#server/db/client';
import { alertSubscriptions, confirmedSenders } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import { reservePublicWrite } from '#server/http/write-limit';
import { enqueueMail } from '#server/mail/outbox';
import { openLink, type LinkPurpose } from '#server/auth/link-tokens';
import { CONFIRMATION_SENDER } from '#server/found-pets/reports';

const HOUR_MS = 3_600_000;

/**
 * SubscribeLostPetAlerts (docs/decisions/0153): the circle and pet types are kept waiting for the address's
 * confirmation link, queued in the same transaction; nothing is sent to an address that did not confirm.
 */
export async function subscribeToAlerts(
  app: FastifyInstance,
  request: FastifyRequest,
  values: AlertSubscriptionValues,
  language: string,
): Promise<void> {
  await reservePublicWrite(app, request);
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(alertSubscriptions)
      .values({
        email: values.email,
        language,
        latitude: values.latitude,
        longitude: values.longitude,
        radiusKm: values.radiusKm,
        petTypeIds: [...new Set(values.petTypeIds)],
      })
      .returning({ id: alertSubscriptions.id });
    const queued = await enqueueMail(
      tx as unknown as Db,
      { kind: 'alert-confirm', recipient: values.email, language, payload: { subscriptionId: row.id } },
      { sender: CONFIRMATION_SENDER, perDay: app.config.mailPerRecipientPerDay },
    );
    if (queued.status !== 'queued') throw new UserError('tooManyEmailsToAddress');
  });
  app.mail.nudge();
}

/** The subscription a link opens, under the address's failed-token limit. */
async function subscriptionOfLink(
  app: FastifyInstance,
  request: FastifyRequest,
  purposes: readonly LinkPurpose[],
  token: string,
) {
  const held = await app.failureLimits.tokens.reserve(request);
  const link = await openLink(app.db, purposes, token);
  const [row] = link
    ? await app.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, link.subjectId))
    : [];
  if (!row) throw new UserError('linkInvalid');
  await held.giveBack();
  return row;
}

/** ConfirmLostPetAlerts: the subscription is active; its first digest covers what is reported from now on. */
export async function confirmAlerts(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  now = new Date(),
): Promise<void> {
  const row = await subscriptionOfLink(app, request, ['alert-confirm'], token);
  if (row.status === 'active') return;
  if (row.status !== 'pending') throw new UserError('alertNotActive');
  await app.db.transaction(async (tx) => {
    await tx
      .update(alertSubscriptions)
      .set({
        status: 'active',
        confirmedAt: now,
        digestFrom: now,
        nextDigestAt: new Date(now.getTime() + app.config.alertDigestPeriodHours * HOUR_MS),
      })
      .where(and(eq(alertSubscriptions.id, row.id), eq(alertSubscriptions.status, 'pending')));
    await tx
      .insert(confirmedSenders)
      .values({ mailbox: mailboxOf(row.email), confirmedAt: now })
      .onConflictDoNothing();
  });
}

/** UnsubscribeLostPetAlerts: the link of a digest (or of the confirmation) ends the alerts; twice is fine. */
export async function unsubscribeFromAlerts(app: FastifyInstance, request: FastifyRequest, token: string) {
  const row = await subscriptionOfLink(app, request, ['alert-unsubscribe', 'alert-confirm'], token);
  await app.db
    .update(alertSubscriptions)
    .set({ status: 'unsubscribed', nextDigestAt: null })
    .where(eq(alertSubscriptions.id, row.id));
}
