import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import { VetRemindersBody, VetRemindersResult } from '#shared/contract/vet';
import { isRealIsoDate } from '#shared/forms/pet-form';
import { requireClinic } from '../auth/clinic-session';
import { mediaBase } from '../config';
import { envelopeSchema, ok } from '../http/envelope';
import { UserError } from '../http/errors';
import { listReminders } from '../visits/list-reminders';
import { serverMessage } from '../http/messages';

export const BAD_REMINDER_DATE = serverMessage('badReminderDate');

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
      return ok(await listReminders(app.db, base, request.clinic.clinicId, date, { page: offset, limit }));
    },
  );
};

export default vetReminderRoutes;
