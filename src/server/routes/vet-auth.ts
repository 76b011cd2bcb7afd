import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import { LoginTwoFactorBody } from '#shared/contract/staff';
import {
  ClinicContactSaved,
  VetClinic,
  VetLoginAnswer,
  VetLoginBody,
  VetLoginResult,
  VetNoData,
} from '#shared/contract/vet';
import { revokeSession, userAgentOf } from '#server/auth/clinic-session';
import { loadClinicProfile, saveClinicContact } from '#server/clinics/clinic-profile';
import { saveClinicContactForm } from '#shared/forms/clinic-contact-form';
import { VersionConflict } from '#shared/contract/vet-records';
import { actingUser } from '#server/auth/acting-user';
import { readForm } from '#server/http/form-body';
import { logIn, logInSecondStep } from '#server/auth/staff-login';
import { envelopeSchema, ok } from '#server/http/envelope';
import { errorAnswers } from '#server/http/error-answers';
import { BODY_LIMIT } from '#server/http/body-limits';
import { UnauthorizedError } from '#server/http/errors';
import { PORTAL_TAGS, portalCall, portalForm } from '#server/routes/portal-call';

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
      summary: "The session's clinic as its printouts and e-mails name it: name, postal address, phone, e-mail",
      response: { 200: envelopeSchema(VetClinic) },
    }),
    async (request) => {
      const clinic = await loadClinicProfile(app.db, request.clinic.clinicId);
      // A session outlives nothing of its clinic (sessions are deleted with it): this is a race with that delete.
      if (!clinic) throw new UnauthorizedError();
      return ok(clinic);
    },
  );

  app.post(
    routePath(API.saveClinicContact),
    portalForm('clinicSettings', saveClinicContactForm, {
      summary: "Saves the clinic's phone and e-mail (the Reply-To and phone of its e-mails to owners)",
      description:
        "`email`: empty, or one address (replies to the clinic's reminder e-mails go there). `version` " +
        '(`contactVersion` of GetVetClinic): when the settings have a newer one the save is refused with HTTP 409 ' +
        'naming who saved it and when.',
      response: { 200: envelopeSchema(ClinicContactSaved), 409: envelopeSchema(VersionConflict) },
    }),
    async (request) => {
      const { values } = await readForm(request, saveClinicContactForm);
      return ok(await saveClinicContact(app.db, actingUser(request), values));
    },
  );
};

export default vetAuthRoutes;
