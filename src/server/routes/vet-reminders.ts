import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import { SendVetRemindersBody, SendVetRemindersResult, VetRemindersBody, VetRemindersResult } from '#shared/contract/vet';
import { isRealIsoDate } from '#shared/forms/pet-form';
import { requireClinic } from '#server/auth/clinic-session';
import { cachedClinicList } from '#server/cache/clinic-lists';
import { mediaBase } from '#server/config';
import { envelopeSchema, ok } from '#server/http/envelope';
import { UserError } from '#server/http/errors';
import { clinicMailCap, sendReminders } from '#server/reminders/send-reminders';
import { listReminders } from '#server/visits/list-reminders';
import { markChanged } from '#server/cache/public-cache';


/** GetVetReminders (SPEC.md §7): the clinic's reminders due on one day. */
const vetReminderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = mediaBase(app.config);

  app.post(
    routePath(API.vetReminders),
    {
      preHandler: requireClinic,
      schema: {
        tags: ['Vet portal'],
        security: [{ bearer: [] }],
        summary: "The clinic's vaccinations and antiparasitics whose next reminder is on `date`, by pet name",
        body: VetRemindersBody,
        response: { 200: envelopeSchema(VetRemindersResult) },
      },
    },
    async (request) => {
      const { date, offset, limit } = request.body;
      if (!isRealIsoDate(date)) throw new UserError('badReminderDate');
      const { clinicId } = request.clinic;
      return ok(
        await cachedClinicList(app, clinicId, 'reminders', request.body, () => listReminders(app.db, base, clinicId, date, { page: offset, limit }), (r) => r.reminders.map((x) => x.petProfileId)),
      );
    },
  );

  app.post(
    routePath(API.sendVetReminders),
    {
      preHandler: requireClinic,
      schema: {
        tags: ['Vet portal'],
        security: [{ bearer: [] }],
        summary: "E-mails the owners of the clinic's reminders due on `date`",
        description:
          'One e-mail per reminder, with a calendar event; never a second one for a reminder already queued or sent (a failed one is queued again). ' +
          'Counts, in reminders: queued (now), withoutEmail (the clinic has no e-mail address of the owner), alreadySent, overDailyLimit (the clinic has e-mailed that address MAIL_PER_RECIPIENT_PER_DAY times in the last 24 hours). dryRun: true counts without sending.',
        body: SendVetRemindersBody,
        response: { 200: envelopeSchema(SendVetRemindersResult) },
      },
    },
    async (request) => {
      const { date, dryRun } = request.body;
      if (!isRealIsoDate(date)) throw new UserError('badReminderDate');
      // Changes only this clinic's reminder lists (the clinic's tag, added for every portal write).
      markChanged(request, []);
      const result = await sendReminders(app.db, request.clinic.clinicId, date, dryRun === true, clinicMailCap(request.clinic.clinicId, app.config.mailPerRecipientPerDay));
      if (!dryRun && result.queued > 0) app.mail.nudge();
      return ok(result);
    },
  );
};

export default vetReminderRoutes;
