import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import {
  OwnerUnsubscribed,
  OwnerUnsubscribeLink,
  ReminderUnsubscribeQuery,
  UnsubscribeRemindersBody,
} from '#shared/contract/owner-unsubscribe';
import { envelopeSchema, ok } from '#server/http/envelope';
import { BODY_LIMIT } from '#server/http/body-limits';
import { errorAnswers } from '#server/http/error-answers';
import { acceptOneClickUnsubscribe } from '#server/http/one-click-unsubscribe';
import { markChanged } from '#server/cache/public-cache';
import { readUnsubscribeLink, unsubscribeOwner } from '#server/clinic-owners/reminder-unsubscribe';

const tags = ['Owners'];
const linkNote =
  'token: the unsubscribe link of a clinic’s reminder e-mail (random, stored hashed, valid a year); it names one ' +
  'owner of one clinic. A bad or expired token answers result 0 and counts against the address’s failed-token ' +
  'limit (429).';

/** A reminder e-mail's unsubscribe link (issue 32, item 5; docs/decisions/0180): no login, no address shown. */
const ownerUnsubscribeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  acceptOneClickUnsubscribe(app);

  app.get(
    routePath(API.reminderUnsubscribe),
    {
      schema: {
        tags,
        summary: 'What a reminder e-mail’s unsubscribe link names (the /Unsubscribe page)',
        description: `The clinic’s name and whether reminder e-mails are off already. Changes nothing (mail scanners open links). Never kept by a cache. ${linkNote}`,
        querystring: ReminderUnsubscribeQuery,
        response: { 200: envelopeSchema(OwnerUnsubscribeLink), ...errorAnswers(400, 429) },
      },
    },
    async (request) => ok(await readUnsubscribeLink(app, request, request.query.token ?? '')),
  );

  app.post(
    routePath(API.unsubscribeReminders),
    {
      bodyLimit: BODY_LIMIT.token,
      schema: {
        tags,
        summary: 'Stop a clinic’s reminder e-mails to an owner (one click, RFC 8058)',
        description:
          'JSON { token } from the /Unsubscribe page, or the List-Unsubscribe address of a reminder e-mail (?token=…) ' +
          'posted by a mail client as application/x-www-form-urlencoded `List-Unsubscribe=One-Click`. The owner’s ' +
          'remindersByEmail turns off with a history entry the clinic sees; again: alreadyUnsubscribed. ' +
          linkNote,
        querystring: ReminderUnsubscribeQuery,
        body: UnsubscribeRemindersBody,
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        response: { 200: envelopeSchema(OwnerUnsubscribed), ...errorAnswers(400, 429) },
      },
    },
    async (request) => {
      markChanged(request, []);
      return ok(await unsubscribeOwner(app, request, request.body?.token ?? request.query.token ?? ''));
    },
  );
};

export default ownerUnsubscribeRoutes;
