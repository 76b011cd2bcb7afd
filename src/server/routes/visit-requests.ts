import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import { VetNoData } from '#shared/contract/vet';
import { VersionConflict } from '#shared/contract/vet-records';
import {
  BookingLink,
  BookingLinkBody,
  VisitRequestAnswered,
  VisitRequestsQuery,
  VisitRequestsResult,
} from '#shared/contract/visit-requests';
import { answerVisitRequestForm, requestVisitForm } from '#shared/forms/visit-request-forms';
import { actingUser } from '#server/auth/acting-user';
import { BODY_LIMIT } from '#server/http/body-limits';
import { envelopeSchema, ok } from '#server/http/envelope';
import { errorAnswers } from '#server/http/error-answers';
import { formRoute, readForm } from '#server/http/form-body';
import type { MessageKey } from '#server/http/messages';
import { withTokenLimit } from '#server/http/token-attempt';
import { portalCall, portalForm } from '#server/routes/portal-call';
import { answerVisitRequest } from '#server/visit-requests/answer-visit-request';
import { describeBookingLink } from '#server/visit-requests/booking-link';
import { listVisitRequests } from '#server/visit-requests/list-visit-requests';
import { requestVisit } from '#server/visit-requests/request-visit';

/** A bad link costs the caller's address one of its token attempts (429 when used up), like every token page. */
const BAD_LINK: ReadonlySet<MessageKey> = new Set<MessageKey>(['badBookingLink']);
const tags = ['Pets'];
const linkNote =
  '`token`: the "Book a visit" link of a reminder e-mail (/BookVisit?token=), naming that e-mail (one owner\'s ' +
  "reminders at one clinic). A bad or expired token answers result 0 and counts against the caller's address (HTTP " +
  '429 once used up).';

/**
 * Issue 33, item 5 (docs/decisions/0187): an owner asks for a visit from a reminder e-mail's link (no login), and the
 * clinic lists the requests and answers them.
 */
const visitRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    routePath(API.checkBookingLink),
    {
      bodyLimit: BODY_LIMIT.token,
      schema: {
        tags,
        summary: 'What a booking link names: the clinic, the pets, and the request already made with it',
        description: linkNote,
        body: BookingLinkBody,
        response: { 200: envelopeSchema(BookingLink), ...errorAnswers(400, 429) },
      },
    },
    async (request) =>
      ok(await withTokenLimit(request, BAD_LINK, () => describeBookingLink(app.db, request.body.token))),
  );

  app.post(
    routePath(API.requestVisit),
    {
      ...formRoute(requestVisitForm, {
        tags,
        summary: "An owner's request for a visit: up to three preferred days, a part of the day and a note",
        description:
          `${linkNote} \`preferredDays\`: one to three different days (yyyy-mm-dd) from today to a year ahead; ` +
          '`partOfDay`: morning, afternoon or any; `note` up to 1000 characters. One request per e-mail.',
        response: { 200: envelopeSchema(VetNoData), ...errorAnswers(400, 429) },
      }),
      bodyLimit: BODY_LIMIT.token,
    },
    async (request) => {
      await withTokenLimit(request, BAD_LINK, async () => {
        const { values } = await readForm(request, requestVisitForm);
        await requestVisit(app.db, values);
      });
      return ok(null);
    },
  );

  app.get(
    routePath(API.visitRequests),
    portalCall('readRecords', {
      summary: "The clinic's visit requests of one state (default: requested), a page of them, and the counts",
      description:
        '`state`: requested (oldest first), booked or declined (newest first); `offset` is the 1-based page, ' +
        '`limit` default 4. `requestedCount`: the requests waiting for an answer.',
      querystring: VisitRequestsQuery,
      response: { 200: envelopeSchema(VisitRequestsResult) },
    }),
    async (request) => ok(await listVisitRequests(app.db, request.clinic.clinicId, request.query)),
  );

  app.post(
    routePath(API.answerVisitRequest),
    portalForm('createVisits', answerVisitRequestForm, {
      summary:
        'Accepts a visit request (`{ requestId, visitDate }`) or declines it (`{ requestId, decline: true, message }`)',
      description:
        'Accepting creates one visit per pet of the request on `visitDate` (by the signed-in person) and e-mails the ' +
        'owner a confirmation with an .ics; declining e-mails the owner the message. `version` (of GetVisitRequests): ' +
        'a request answered meanwhile is refused with HTTP 409 naming who answered it.',
      response: { 200: envelopeSchema(VisitRequestAnswered), 409: envelopeSchema(VersionConflict) },
    }),
    async (request) => {
      const { values } = await readForm(request, answerVisitRequestForm);
      const answer = await answerVisitRequest(app, actingUser(request), values);
      app.mail.nudge();
      return ok(answer);
    },
  );
};

export default visitRequestRoutes;
