import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import {
  SendVetRemindersBody,
  SendVetRemindersResult,
  VetReminderDays,
  VetReminderDaysQuery,
  VetRemindersBody,
  VetRemindersResult,
} from '#shared/contract/vet';
import { cachedClinicList } from '#server/cache/clinic-lists';
import { markChanged } from '#server/cache/public-cache';
import { mediaBase } from '#server/config';
import { envelopeSchema, ok } from '#server/http/envelope';
import { UserError } from '#server/http/errors';
import { utcDay } from '#server/pets/age';
import { clinicMailCap, sendReminders } from '#server/reminders/send-reminders';
import { listReminders, readReminderFilters, readReminderRange, reminderDays } from '#server/visits/list-reminders';
import { portalCall } from '#server/routes/portal-call';

/** The calendar asks for a month at a time (six weeks shown); a year is plenty. */
const MAX_CALENDAR_DAYS = 366;

const rangeDescription =
  "Which reminders: SPEC.md's `date` (one day), or `dateFrom`/`dateTo` (inclusive, either end " +
  'open), or `overdue: true` (due before today, or before `dateTo` when earlier, ' +
  'and not done since: the pet has no later record of the same vaccination or antiparasitic).';

/** GetVetReminders (SPEC.md §7) and Pawtal's SendVetReminders and GetVetReminderDays. */
const vetReminderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = mediaBase(app.config);

  app.post(
    routePath(API.vetReminders),
    portalCall('readRecords', {
      summary: "The clinic's vaccinations and antiparasitics due on `date` or in a range, by due date and pet name",
      description: `${rangeDescription} \`status\` keeps the reminders whose owner e-mail is in that state.`,
      body: VetRemindersBody,
      response: { 200: envelopeSchema(VetRemindersResult) },
    }),
    async (request) => {
      const { offset, limit } = request.body;
      const filters = readReminderFilters(request.body, utcDay());
      const { clinicId } = request.clinic;
      return ok(
        await cachedClinicList(
          app,
          clinicId,
          'reminders',
          request.body,
          () => listReminders(app.db, base, clinicId, filters, { page: offset, limit }),
          (r) => r.reminders.map((x) => x.petProfileId),
        ),
      );
    },
  );

  app.get(
    routePath(API.vetReminderDays),
    portalCall('readRecords', {
      summary:
        'The days from `dateFrom` to `dateTo` (at most a year) that have reminders, with their number ' +
        '(the calendar marks them)',
      querystring: VetReminderDaysQuery,
      response: { 200: envelopeSchema(VetReminderDays) },
    }),
    async (request) => {
      const { dateFrom, dateTo, status } = request.query;
      const range = readReminderRange({ dateFrom, dateTo }, utcDay());
      if (Date.parse(dateTo) - Date.parse(dateFrom) > MAX_CALENDAR_DAYS * 86_400_000)
        throw new UserError('badDateRange');
      const { clinicId } = request.clinic;
      return ok(
        await cachedClinicList(
          app,
          clinicId,
          'reminder-days',
          request.query,
          () => reminderDays(app.db, clinicId, range, status),
          () => [],
        ),
      );
    },
  );

  app.post(
    routePath(API.sendVetReminders),
    portalCall('sendReminders', {
      summary:
        "E-mails the owners of the clinic's reminders of a day, a range or the overdue ones: one e-mail per owner",
      description:
        `${rangeDescription} One e-mail per owner address, covering every pet and item due, with a ` +
        `calendar event per item; never a second one for a reminder already queued or sent (a failed one ` +
        `is queued again). ` +
        'Counts: queued (e-mails, one per owner), reminders (the reminders they cover), withoutEmail ' +
        '(reminders whose owner has no e-mail address at the clinic), alreadySent (reminders), ' +
        'overDailyLimit (reminders held back: the clinic has e-mailed the address of their owner ' +
        'MAIL_PER_RECIPIENT_PER_DAY times in the last 24 hours; they stay unsent), overClinicDailyLimit ' +
        '(reminders held back: the clinic has e-mailed MAIL_RECIPIENTS_PER_CLINIC_PER_DAY different addresses ' +
        'in the last 24 hours; they stay unsent). dryRun: true counts without sending.',
      body: SendVetRemindersBody,
      response: { 200: envelopeSchema(SendVetRemindersResult) },
    }),
    async (request) => {
      const { dryRun } = request.body;
      const range = readReminderRange(request.body, utcDay());
      // Changes only this clinic's reminder lists (the clinic's tag, added for every portal write).
      markChanged(request, []);
      const result = await sendReminders(
        app.db,
        request.clinic.clinicId,
        range,
        dryRun === true,
        clinicMailCap(request.clinic.clinicId, app.config),
      );
      if (!dryRun && result.queued > 0) app.mail.nudge();
      if (!dryRun && result.overClinicDailyLimit > 0)
        request.log.warn(
          { clinicId: request.clinic.clinicId, held: result.overClinicDailyLimit },
          'reminders held back: the clinic reached MAIL_RECIPIENTS_PER_CLINIC_PER_DAY',
        );
      return ok(result);
    },
  );
};

export default vetReminderRoutes;
