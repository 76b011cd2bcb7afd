import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import {
  AcceptStaffInviteBody,
  ClinicSettingsBody,
  InviteStaffBody,
  RequestStaffResetBody,
  ResetStaffLoginBody,
  SendStaffResetBody,
  StaffLinkBody,
  StaffLinkResult,
  StaffResult,
  UpdateStaffBody,
} from '#shared/contract/staff';
import { VetNoData } from '#shared/contract/vet';
import { actingUser } from '#server/auth/acting-user';
import { revokeSessionsOf } from '#server/auth/clinic-session';
import { envelopeSchema, ok } from '#server/http/envelope';
import { BODY_LIMIT } from '#server/http/body-limits';
import { errorAnswers } from '#server/http/error-answers';
import type { MessageKey } from '#server/http/messages';
import { requestLanguage } from '#server/http/request-language';
import { withTokenLimit } from '#server/http/token-attempt';
import { PORTAL_TAGS, portalCall } from '#server/routes/portal-call';
import {
  inviteStaff,
  listStaff,
  requestStaffReset,
  saveClinicSettings,
  sendStaffReset,
  staffMailCap,
  updateStaff,
} from '#server/staff/staff-admin';
import { acceptStaffInvite, checkStaffLink, resetStaffLogin } from '#server/staff/staff-links';

const BAD_LINK: ReadonlySet<MessageKey> = new Set<MessageKey>(['badStaffLink']);
/** A link page's call: no session; bad links count against the caller's address (429 when used up). */
const linkCall = <S extends object>(schema: S) => ({
  bodyLimit: BODY_LIMIT.token,
  schema: { tags: PORTAL_TAGS, ...schema, response: { 200: envelopeSchema(VetNoData), ...errorAnswers(400, 429) } },
});

/** Issue 31: staff management for admins, and the pages of staff links (invitation, reset). */
const vetStaffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cap = (clinicId: number) => staffMailCap(clinicId, app.config.mailPerRecipientPerDay);

  app.get(
    routePath(API.staff),
    portalCall('manageStaff', {
      summary: "The clinic's staff (active, deactivated, invited) and whether it requires two-factor sign-in",
      response: { 200: envelopeSchema(StaffResult) },
    }),
    async (request) => ok(await listStaff(app.db, request.clinic.clinicId)),
  );

  app.post(
    routePath(API.inviteStaff),
    portalCall('manageStaff', {
      summary: 'Invites a person: e-mails a one-time link to /AcceptStaffInvite?token= (in the inviter’s language)',
      description:
        'An address already invited gets the invitation again; an address of someone on the staff is refused ' +
        '(result 0). At most MAIL_PER_RECIPIENT_PER_DAY staff e-mails a day to one address.',
      body: InviteStaffBody,
      response: { 200: envelopeSchema(VetNoData) },
    }),
    async (request) => {
      await inviteStaff(
        app.db,
        actingUser(request),
        request.body,
        requestLanguage(request),
        cap(request.clinic.clinicId),
      );
      app.mail.nudge();
      return ok(null);
    },
  );

  app.post(
    routePath(API.updateStaff),
    portalCall('manageStaff', {
      summary: "Changes a person's role and whether they are active",
      description:
        "Deactivating ends that person's sessions at once (their next call answers 401) and keeps their name in " +
        'history. The clinic keeps at least one active administrator (result 0 otherwise).',
      body: UpdateStaffBody,
      response: { 200: envelopeSchema(VetNoData) },
    }),
    async (request) => {
      await updateStaff(app, actingUser(request), request.body);
      return ok(null);
    },
  );

  app.post(
    routePath(API.sendStaffReset),
    portalCall('manageStaff', {
      summary: 'E-mails a person a one-time link to /ResetStaffLogin?token= to set a new password or PIN',
      body: SendStaffResetBody,
      response: { 200: envelopeSchema(VetNoData) },
    }),
    async (request) => {
      await sendStaffReset(app.db, actingUser(request), request.body, cap(request.clinic.clinicId));
      app.mail.nudge();
      return ok(null);
    },
  );

  app.post(
    routePath(API.saveClinicSettings),
    portalCall('clinicSettings', {
      summary: 'Whether every staff person must sign in with two factors',
      description: 'People without two-factor can then only set it up (every other call answers 403) until they have.',
      body: ClinicSettingsBody,
      response: { 200: envelopeSchema(VetNoData) },
    }),
    async (request) => {
      await saveClinicSettings(app, actingUser(request), request.body);
      return ok(null);
    },
  );

  app.post(
    routePath(API.checkStaffLink),
    {
      bodyLimit: BODY_LIMIT.token,
      schema: {
        tags: PORTAL_TAGS,
        summary: 'What a staff link is for (invite, password, pin), for whom and which clinic; not used up',
        body: StaffLinkBody,
        response: { 200: envelopeSchema(StaffLinkResult), ...errorAnswers(400, 429) },
      },
    },
    async (request) => ok(await withTokenLimit(request, BAD_LINK, () => checkStaffLink(app.db, request.body.token))),
  );

  app.post(
    routePath(API.acceptStaffInvite),
    linkCall({
      summary: 'Accepts an invitation: a username, a password (SPEC.md §5) and a PIN (4 to 8 digits)',
      description: 'The link is used once. A refused value (result 0 says which) does not use it up.',
      body: AcceptStaffInviteBody,
    }),
    async (request) => {
      await withTokenLimit(request, BAD_LINK, () => acceptStaffInvite(app.db, request.body, requestLanguage(request)));
      return ok(null);
    },
  );

  app.post(
    routePath(API.resetStaffLogin),
    linkCall({
      summary: "A reset link's new password (`password`) or PIN (`pin`), as the link says",
      description: "A new password ends the person's sessions. The link is used once.",
      body: ResetStaffLoginBody,
    }),
    async (request) => {
      const done = await withTokenLimit(request, BAD_LINK, () => resetStaffLogin(app.db, request.body));
      if (done.kind === 'password') await revokeSessionsOf(app, app.db, done.userId);
      return ok(null);
    },
  );

  app.post(
    routePath(API.requestStaffReset),
    linkCall({
      summary: '"Forgot your password?": e-mails a reset link to a staff person with this address',
      description: 'Answers result 1 alike whether or not anyone has the address (no account enumeration).',
      body: RequestStaffResetBody,
    }),
    async (request) => {
      await requestStaffReset(app.db, request.body.email, app.config.mailPerRecipientPerDay);
      app.mail.nudge();
      return ok(null);
    },
  );
};

export default vetStaffRoutes;
