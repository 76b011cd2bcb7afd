import type { Composer } from '#server/mail/compose';
import type { OutboxKind } from '#server/mail/outbox';
import {
  composeFoundConfirmMail,
  composeFoundExpiredMail,
  composeFoundMatchMail,
} from '#server/found-pets/found-emails';
import { composeRelayConfirmMail, composeRelayMessageMail } from '#server/relay/relay-emails';
import { composeAlertConfirmMail, composeAlertDigestMail } from '#server/pet-alerts/alert-emails';

/** The e-mails of lost and found, by outbox kind (app.ts hands them to the mail worker). */
export const lostAndFoundComposers = {
  'found-confirm': composeFoundConfirmMail,
  'found-match': composeFoundMatchMail,
  'found-expired': composeFoundExpiredMail,
  'relay-confirm': composeRelayConfirmMail,
  'relay-message': composeRelayMessageMail,
  'alert-confirm': composeAlertConfirmMail,
  'alert-digest': composeAlertDigestMail,
} satisfies Partial<Record<OutboxKind, Composer>>;
