import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import { VetClinic, VetLoginBody, VetLoginResult, VetNoData } from '#shared/contract/vet';
import { revokeSession } from '#server/auth/clinic-session';
import { loadClinicProfile } from '#server/clinics/clinic-profile';
import { logInClinic, PASSWORD_CHECKS_AT_ONCE } from '#server/auth/clinic-login';
import { LoginQueue } from '#server/auth/login-queue';
import { dummyPasswordHash } from '#server/auth/password';
import { envelopeSchema, ok } from '#server/http/envelope';
import { UnauthorizedError } from '#server/http/errors';
import { PORTAL_TAGS, portalCall } from '#server/routes/portal-call';

const vetAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Computed once in the background, so the first unknown username costs no more than the others.
  void dummyPasswordHash();
  app.decorate(
    'loginQueue',
    new LoginQueue({
      checksAtOnce: PASSWORD_CHECKS_AT_ONCE,
      maxWaiting: app.config.loginQueueMax,
      maxPerAddress: app.config.loginQueuePerAddress,
    }),
  );

  app.post(
    routePath(API.vetLogin),
    {
      schema: {
        tags: PORTAL_TAGS,
        summary: 'Clinic login: a new session token, the clinic staff users and the pet types',
        body: VetLoginBody,
        response: { 200: envelopeSchema(VetLoginResult) },
      },
    },
    async (request) => ok(await logInClinic(app, request.body.username, request.body.password, request.ip)),
  );

  app.post(
    routePath(API.vetLogout),
    portalCall({
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
    portalCall({
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
