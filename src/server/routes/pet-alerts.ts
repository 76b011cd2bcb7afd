import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { inArray } from 'drizzle-orm';
import { API, routePath } from '#shared/contract/paths';
import { TokenBody } from '#shared/contract/relay';
import { ALERT_RADIUS_MAX_KM, ALERT_RADIUS_MIN_KM } from '#shared/found-pets';
import { alertSubscriptionForm } from '#shared/forms/lost-found-forms';
import { petTypes } from '#server/db/schema';
import { envelopeSchema, ok } from '#server/http/envelope';
import { BODY_LIMIT } from '#server/http/body-limits';
import { errorAnswers } from '#server/http/error-answers';
import { UserError } from '#server/http/errors';
import { formRoute, readForm } from '#server/http/form-body';
import { requestLanguage } from '#server/http/request-language';
import { acceptOneClickUnsubscribe } from '#server/http/one-click-unsubscribe';
import { markChanged } from '#server/cache/public-cache';
import { confirmAlerts, subscribeToAlerts, unsubscribeFromAlerts } from '#server/pet-alerts/subscriptions';

const tags = ['Lost-pet alerts'];
const noData = { 200: envelopeSchema(Type.Null()), ...errorAnswers(400, 429) };

/** Lost-pet alerts for neighbours (issue 34, docs/decisions/0153): subscribe, confirm, one-click unsubscribe. */
const petAlertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  acceptOneClickUnsubscribe(app);

  app.post(
    routePath(API.subscribeLostPetAlerts),
    formRoute(alertSubscriptionForm, {
      tags,
      summary: 'Subscribe to lost-pet alerts around a place',
      description:
        `{ email, latitude, longitude, radiusKm (${ALERT_RADIUS_MIN_KM} to ${ALERT_RADIUS_MAX_KM}), petTypeIds }. ` +
        'A link e-mailed to the address starts the alerts: a daily digest of the pets reported lost and found ' +
        'inside the circle, in the language of this request, each with a one-click unsubscribe.',
      response: noData,
    }),
    async (request) => {
      markChanged(request, []);
      const { values } = await readForm(request, alertSubscriptionForm);
      const types = await app.db
        .select({ id: petTypes.id })
        .from(petTypes)
        .where(inArray(petTypes.id, values.petTypeIds));
      if (types.length !== new Set(values.petTypeIds).size) throw new UserError('petTypeNotFound');
      await subscribeToAlerts(app, request, values, requestLanguage(request));
      return ok(null);
    },
  );

  app.post(
    routePath(API.confirmLostPetAlerts),
    {
      bodyLimit: BODY_LIMIT.token,
      schema: {
        tags,
        summary: 'Start lost-pet alerts (the link of their confirmation e-mail)',
        description: 'The first digest covers what is reported from now on. A bad token answers result 0.',
        body: TokenBody,
        response: noData,
      },
    },
    async (request) => {
      markChanged(request, []);
      await confirmAlerts(app, request, request.body.token);
      return ok(null);
    },
  );

  app.post(
    routePath(API.unsubscribeLostPetAlerts),
    {
      bodyLimit: BODY_LIMIT.token,
      schema: {
        tags,
        summary: 'Stop lost-pet alerts (one click, RFC 8058)',
        description:
          'JSON { token } from the unsubscribe page, or the List-Unsubscribe address of a digest (?token=…) posted ' +
          'by a mail client as application/x-www-form-urlencoded `List-Unsubscribe=One-Click`. Twice is fine.',
        querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }),
        body: Type.Object({
          token: Type.Optional(Type.String({ maxLength: 200 })),
          'List-Unsubscribe': Type.Optional(Type.String({ maxLength: 40 })),
        }),
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        response: noData,
      },
    },
    async (request) => {
      markChanged(request, []);
      await unsubscribeFromAlerts(app, request, request.body?.token ?? request.query.token ?? '');
      return ok(null);
    },
  );
};

export default petAlertRoutes;
