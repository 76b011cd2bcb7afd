import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { API, routePath } from '#shared/contract/paths';
import {
  AcceptPetInviteBody,
  CheckResetTokenBody,
  ResetPasswordBody,
  TOKEN_MESSAGES,
  VerifyEmailBody,
} from '#shared/contract/accounts';
import type { MessageKey } from '#server/http/messages';
import { envelopeSchema, ok } from '#server/http/envelope';
import { withTokenLimit as limitedByAddress } from '#server/http/token-attempt';
import { BODY_LIMIT } from '#server/http/body-limits';
import { acceptPetInvite, assertUsableResetToken, resetPassword, verifyEmail } from '#server/accounts/account-flows';

const response = { 200: envelopeSchema(Type.Null()) };
const tokenNote = 'The token is single-use and expires; an unknown, used or expired token answers result 0.';

/** The token-driven account pages: reset password, verify email, accept a pet-ownership invite. */
const BAD_TOKEN: ReadonlySet<MessageKey> = new Set<MessageKey>(['badResetToken', 'badVerifyToken', 'badInviteToken']);

const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** A token flow as one attempt of the caller's address, given back unless the token was bad or expired. */
  const withTokenLimit = (request: Parameters<typeof limitedByAddress>[0], flow: () => Promise<void>) =>
    limitedByAddress(request, BAD_TOKEN, flow);

  app.post(
    routePath(API.resetPassword),
    {
      bodyLimit: BODY_LIMIT.token,
      schema: {
        tags: ['Accounts'],
        summary: 'Set a new password with a reset token',
        description:
          `The password rules of SPEC.md §5 are enforced (result 0 names the broken rules). Token lifetime ` +
          `1 hour. ${tokenNote}`,
        body: ResetPasswordBody,
        response,
      },
    },
    async (request) => {
      await withTokenLimit(request, () =>
        resetPassword(app.db, request.body.passwordResetToken, request.body.newPassword),
      );
      return ok(null, TOKEN_MESSAGES.passwordReset);
    },
  );

  app.post(
    routePath(API.checkResetToken),
    {
      bodyLimit: BODY_LIMIT.token,
      schema: {
        tags: ['Accounts'],
        summary: 'Check a reset token without using it up',
        description:
          'The reset page asks this when it opens, so a dead link is told at once. Result 1 when the token ' +
          'can still set a password; result 0 when it is unknown, used or expired.',
        body: CheckResetTokenBody,
        response,
      },
    },
    async (request) => {
      // a check is a guess like any other: a dead token counts against the caller's address
      await withTokenLimit(request, () => assertUsableResetToken(app.db, request.body.passwordResetToken));
      return ok(null);
    },
  );

  app.post(
    routePath(API.verifyEmail),
    {
      bodyLimit: BODY_LIMIT.token,
      schema: {
        tags: ['Accounts'],
        summary: "Verify an owner's email address",
        description: `Token lifetime 48 hours. ${tokenNote}`,
        body: VerifyEmailBody,
        response,
      },
    },
    async (request) => {
      await withTokenLimit(request, () => verifyEmail(app.db, request.body.verificationToken));
      return ok(null, TOKEN_MESSAGES.emailVerified);
    },
  );

  app.post(
    routePath(API.acceptPetInvite),
    {
      bodyLimit: BODY_LIMIT.token,
      schema: {
        tags: ['Pets'],
        summary: 'Accept a pet-ownership invite',
        description: `Token lifetime 7 days. ${tokenNote}`,
        body: AcceptPetInviteBody,
        response,
      },
    },
    async (request) => {
      await withTokenLimit(request, () => acceptPetInvite(app.db, request.body.verificationToken));
      return ok(null, TOKEN_MESSAGES.inviteAccepted);
    },
  );
};

export default accountRoutes;
