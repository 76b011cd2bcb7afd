import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import {
  ChangePasswordBody,
  ChangePinBody,
  ConfirmTwoFactorResult,
  RevokeSessionBody,
  SessionsResult,
  StartTwoFactorResult,
  SwitchUserBody,
  SwitchUserResult,
  TwoFactorCodeBody,
} from '#shared/contract/staff';
import { VetNoData } from '#shared/contract/vet';
import { envelopeSchema, ok } from '#server/http/envelope';
import { errorAnswers } from '#server/http/error-answers';
import { portalCall } from '#server/routes/portal-call';
import {
  changePassword,
  changePin,
  confirmTwoFactor,
  disableTwoFactor,
  listOwnSessions,
  revokeOwnSession,
  startTwoFactor,
  switchUser,
} from '#server/staff/own-account';

/** A call that checks a secret: its refusals include 429 (too many guesses). */
const guessed = errorAnswers(429);

/** Issue 31: the shared desk's PIN switch, and each person's own password, PIN, two-factor and sessions. */
const vetAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    routePath(API.switchUser),
    portalCall('ownAccount', {
      summary: "The session acts as another person of the clinic from now on, verified by that person's PIN",
      description:
        'Every later write is attributed to them, with their role. A wrong PIN (or a person who cannot be switched ' +
        'to) answers result 0; wrong PINs are limited like passwords (429).',
      body: SwitchUserBody,
      response: { 200: envelopeSchema(SwitchUserResult), ...guessed },
    }),
    async (request) => ok(await switchUser(app, { session: request.clinic, ip: request.ip }, request.body)),
  );

  app.post(
    routePath(API.changePassword),
    portalCall('ownAccount', {
      summary: "The acting person's new password (SPEC.md §5's rules), with the current one",
      body: ChangePasswordBody,
      response: { 200: envelopeSchema(VetNoData), ...guessed },
    }),
    async (request) => {
      await changePassword(app, { session: request.clinic, ip: request.ip }, request.body);
      return ok(null);
    },
  );

  app.post(
    routePath(API.changePin),
    portalCall('ownAccount', {
      summary: "The acting person's new desk PIN (4 to 8 digits), with their password",
      body: ChangePinBody,
      response: { 200: envelopeSchema(VetNoData), ...guessed },
    }),
    async (request) => {
      await changePin(app, { session: request.clinic, ip: request.ip }, request.body);
      return ok(null);
    },
  );

  app.post(
    routePath(API.startTwoFactor),
    portalCall('ownAccount', {
      summary: 'Starts two-factor sign-in: a new TOTP secret (RFC 6238, 30 s, 6 digits) and its otpauth:// address',
      description: 'The secret is pending until ConfirmTwoFactor confirms it with a code.',
      response: { 200: envelopeSchema(StartTwoFactorResult) },
    }),
    async (request) => ok(await startTwoFactor(app, { session: request.clinic, ip: request.ip })),
  );

  app.post(
    routePath(API.confirmTwoFactor),
    portalCall('ownAccount', {
      summary: 'Turns two-factor sign-in on with a current code; answers ten one-time recovery codes, shown once',
      body: TwoFactorCodeBody,
      response: { 200: envelopeSchema(ConfirmTwoFactorResult), ...guessed },
    }),
    async (request) => ok(await confirmTwoFactor(app, { session: request.clinic, ip: request.ip }, request.body.code)),
  );

  app.post(
    routePath(API.disableTwoFactor),
    portalCall('ownAccount', {
      summary: "Turns one's two-factor sign-in off with a current code or a recovery code",
      description: 'Refused (result 0) while the clinic requires two-factor sign-in of everyone.',
      body: TwoFactorCodeBody,
      response: { 200: envelopeSchema(VetNoData), ...guessed },
    }),
    async (request) => {
      await disableTwoFactor(app, { session: request.clinic, ip: request.ip }, request.body.code);
      return ok(null);
    },
  );

  app.get(
    routePath(API.sessions),
    portalCall('ownAccount', {
      summary: "The acting person's live sessions: browser, when signed in, last seen, which is this one",
      response: { 200: envelopeSchema(SessionsResult) },
    }),
    async (request) => ok(await listOwnSessions(app, request.clinic)),
  );

  app.post(
    routePath(API.revokeSession),
    portalCall('ownAccount', {
      summary: "Signs out one of the acting person's sessions (its next call answers 401)",
      body: RevokeSessionBody,
      response: { 200: envelopeSchema(VetNoData) },
    }),
    async (request) => {
      await revokeOwnSession(app, request.clinic, request.body.sessionId);
      return ok(null);
    },
  );
};

export default vetAccountRoutes;
