import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import { LoginTwoFactorBody } from '#shared/contract/staff';
import { VetClinic, VetLoginAnswer, VetLoginBody, VetLoginResult, VetNoData } from '#shared/contract/vet';
import { revokeSession, userAgentOf } from '#server/auth/clinic-session';
import { loadClinicProfile } from '#server/clinics/clinic-profile';
import { logIn, logInSecondStep } from '#server/auth/staff-login';
import { envelopeSchema, ok } from '#server/http/envelope';
import { errorAnswers } from '#server/http/error-answers';
import { BODY_LIMIT } from '#server/http/body-limits';
import { UnauthorizedError } from '#server/http/errors';
import { PORTAL_TAGS, portalCall } from '#server/routes/portal-call';

const vetAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    routePath(API.vetLogin),
    {
      bodyLimit: BODY_LIMIT.token,
      schema: {
        tags: PORTAL_TAGS,
        summary: "A staff person's login (or a clinic account's: its first administrator): the session, or a challenge",
        description:
          'Answers a new session token, the clinic staff users (`Role` each, the first administrator first), the pet ' +
          'types and `currentUserId`. A person with two-factor sign-in on gets `{ twoFactorRequired: true, challenge }` ' +
          'and no token: LoginTwoFactor finishes the login. Wrong and unknown usernames answer alike (result 0); too ' +
          'many attempts from an address or for a username from it answer 429.',
        body: VetLoginBody,
        response: { 200: envelopeSchema(VetLoginAnswer), ...errorAnswers(400, 429) },
      },
    },
    async (request) => ok(await logIn(app, request.body, { ip: request.ip, userAgent: userAgentOf(request) })),
  );

  app.post(
    routePath(API.vetLoginTwoFactor),
    {
      bodyLimit: BODY_LIMIT.token,
      schema: {
        tags: PORTAL_TAGS,
        summary: "The second step of a two-factor login: Login's challenge and a code of the app, or a recovery code",
        description:
          'Each code is accepted once (a recovery code too). Answers as Login does; a used or expired challenge, or a ' +
          'wrong code, answers result 0; guesses are limited like passwords (429).',
        body: LoginTwoFactorBody,
        response: { 200: envelopeSchema(VetLoginResult), ...errorAnswers(400, 429) },
      },
    },
    async (request) =>
      ok(await logInSecondStep(app, request.body, { ip: request.ip, userAgent: userAgentOf(request) })),
  );

  app.post(
    routePath(API.vetLogout),
    portalCall('ownAccount', {
      summary: 'Revokes the session token',
      response: { 200: envelopeSchema(VetNoData) },
    }),
    async (request) => {
      await revokeSession(app, request.clinic.sessionId);
      return ok(null);
    },
  );

  app.get(
    routePath(API.vetClinic),
    portalCall('readRecords', {
      summary: "The session's clinic as its printouts name it: name, postal address, phone",
      response: { 200: envelopeSchema(VetClinic) },
    }),
    async (request) => {
      const clinic = await loadClinicProfile(app.db, request.clinic.clinicId);
      // A session outlives nothing of its clinic (sessions are deleted with it): this is a race with that delete.
      if (!clinic) throw new UnauthorizedError();
      return ok(clinic);
    },
  );
};

export default vetAuthRoutes;
