import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import { ReminderCompliance, ReminderComplianceQuery, ReminderUpdated } from '#shared/contract/vet';
import { VersionConflict } from '#shared/contract/vet-records';
import { updateReminderForm } from '#shared/forms/reminder-action-form';
import { actingUser } from '#server/auth/acting-user';
import { markChanged } from '#server/cache/public-cache';
import { envelopeSchema, ok } from '#server/http/envelope';
import { readForm } from '#server/http/form-body';
import { utcDay } from '#server/pets/age';
import { assertDateRange, UserError } from '#server/http/errors';
import { MAX_COMPLIANCE_MONTHS, monthsBetween, reminderCompliance } from '#server/reminders/compliance';
import { updateReminder } from '#server/reminders/reminder-state';
import { portalCall, portalForm } from '#server/routes/portal-call';

/**
 * UpdateVetReminder (issue 33, item 3; docs/decisions/0188): the workbench's Done, Snooze and Reopen; and
 * GetReminderCompliance (item 6, docs/decisions/0189): what came of the reminders, month by month.
 */
const vetReminderActionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    routePath(API.updateVetReminder),
    portalForm('sendReminders', updateReminderForm, {
      summary: 'Marks a reminder done, snoozes it until a day, or reopens it',
      description:
        "`reminderId`: GetVetReminders' `id`. `action`: `done`, `snooze` (with `until`, a day after today: the " +
        'reminder stays snoozed through that day and is open again the day after) or `reopen`. `version` (the ' +
        "reminder's `reminderVersion`): when the reminder has a newer one the change is refused with HTTP 409 naming " +
        "who made it and when. Written to the pet's history, attributed to the signed-in person. A reminder marked " +
        'done or snoozed is not e-mailed.',
      response: { 200: envelopeSchema(ReminderUpdated), 409: envelopeSchema(VersionConflict) },
    }),
    async (request) => {
      // changes only this clinic's reminder lists (the clinic's tag, added for every portal write)
      markChanged(request, []);
      const { values } = await readForm(request, updateReminderForm);
      return ok(await updateReminder(app.db, actingUser(request), values, utcDay()));
    },
  );

  app.get(
    routePath(API.reminderCompliance),
    portalCall('readRecords', {
      summary: 'Per month of due dates: the reminders due, e-mailed at least once, done, and done within 30 days',
      description:
        "Months from `dateFrom`'s to `dateTo`'s (counting the days from `dateFrom` to `dateTo`, at most " +
        `${MAX_COMPLIANCE_MONTHS} months), every month answered. \`due\`: vaccinations and antiparasitics whose next ` +
        'reminder falls in the month; `notified`: of those, e-mailed to the owner at least once; `done`: of those, ' +
        'the pet had the same vaccination or antiparasitic again after the record, or staff marked it done; ' +
        '`doneWithin30Days`: done by 30 days after the due date.',
      querystring: ReminderComplianceQuery,
      response: { 200: envelopeSchema(ReminderCompliance) },
    }),
    async (request) => {
      const { dateFrom, dateTo } = request.query;
      assertDateRange(dateFrom, dateTo);
      if (monthsBetween(dateFrom, dateTo).length > MAX_COMPLIANCE_MONTHS)
        throw new UserError('complianceRangeTooLong', { months: MAX_COMPLIANCE_MONTHS });
      return ok(await reminderCompliance(app.db, request.clinic.clinicId, dateFrom, dateTo));
    },
  );
};

export default vetReminderActionRoutes;
