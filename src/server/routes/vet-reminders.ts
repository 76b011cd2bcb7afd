import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import { VetRemindersBody, VetRemindersResult } from '#shared/contract/vet';
import { isRealIsoDate } from '#shared/forms/pet-form';
import { requireClinic } from '../auth/clinic-session';
import { cachedClinicList } from '../cache/clinic-lists';
import { mediaBase } from '../config';
import { envelopeSchema, ok } from '../http/envelope';
import { UserError } from '../http/errors';
import { listReminders } from '../visits/list-reminders';

export const BAD_REMINDER_DATE = 'Please choose a valid date';

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
      if (!isRealIsoDate(date)) throw new UserError(BAD_REMINDER_DATE);
      const { clinicId } = request.clinic;
      return ok(
        await cachedClinicList(app, clinicId, 'reminders', request.body, () => listReminders(app.db, base, clinicId, date, { page: offset, limit }), (r) => r.reminders.map((x) => x.petProfileId)),
      );
    },
  );
};

export default vetReminderRoutes;
