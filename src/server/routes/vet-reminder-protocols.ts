import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import {
  DeleteReminderProtocolBody,
  ReminderProtocolSaved,
  ReminderProtocolsResult,
  ReminderSchedule,
  ReminderScheduleSaved,
} from '#shared/contract/reminder-protocols';
import { saveReminderProtocolForm, saveReminderScheduleForm } from '#shared/forms/reminder-protocol-form';
import { VersionConflict } from '#shared/contract/vet-records';
import { actingUser } from '#server/auth/acting-user';
import { markChanged } from '#server/cache/public-cache';
import { envelopeSchema, ok } from '#server/http/envelope';
import { VetNoData } from '#shared/contract/vet';
import { readForm } from '#server/http/form-body';
import { deleteReminderProtocol, listReminderProtocols, saveReminderProtocol } from '#server/reminders/protocols';
import { readReminderSchedule, saveReminderSchedule } from '#server/reminders/schedule';
import { portalCall, portalForm } from '#server/routes/portal-call';

/**
 * A clinic's reminder protocols (issue 33, docs/decisions/0170) and its schedule of notices: read by everyone who
 * reads records (the Edit Visit dialog shows the protocol's date), written by admins (clinic settings).
 */
const vetReminderProtocolRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    routePath(API.reminderProtocols),
    portalCall('readRecords', {
      summary: "The clinic's reminder protocols: the next reminder of a vaccination or antiparasitic",
      description:
        'A record of `title` given to a pet of `petTypeId` (null: any) aged from `minAgeWeeks` up to but not ' +
        'including `maxAgeWeeks` (null: no bound) is next due `intervalDays` later. Where several match, the most ' +
        'specific wins: a pet type over any, an age range over none, then the newest.',
      response: { 200: envelopeSchema(ReminderProtocolsResult) },
    }),
    async (request) => ok({ protocols: await listReminderProtocols(app.db, request.clinic.clinicId) }),
  );

  app.post(
    routePath(API.saveReminderProtocol),
    portalForm('clinicSettings', saveReminderProtocolForm, {
      summary: 'Adds a reminder protocol (without `id`) or changes one of the clinic',
      description:
        '`version` (of GetReminderProtocols): when the protocol has a newer one the save is refused with HTTP 409 ' +
        'naming who saved it and when. `minAgeWeeks` must be below `maxAgeWeeks`.',
      response: { 200: envelopeSchema(ReminderProtocolSaved), 409: envelopeSchema(VersionConflict) },
    }),
    async (request) => {
      markChanged(request, []);
      const { values } = await readForm(request, saveReminderProtocolForm);
      return ok(await saveReminderProtocol(app.db, actingUser(request), values));
    },
  );

  app.post(
    routePath(API.deleteReminderProtocol),
    portalCall('clinicSettings', {
      summary: 'Deletes a reminder protocol of the clinic',
      description:
        '`version` (of GetReminderProtocols): when the protocol has a newer one the delete is refused with HTTP 409 ' +
        'naming who saved it and when. Its history entry keeps every value it had; dates it already gave to ' +
        'records stay. Not restorable from Recently deleted (docs/decisions/0193): add it again.',
      body: DeleteReminderProtocolBody,
      response: { 200: envelopeSchema(VetNoData), 409: envelopeSchema(VersionConflict) },
    }),
    async (request) => {
      markChanged(request, []);
      await deleteReminderProtocol(app.db, actingUser(request), request.body.id, request.body.version);
      return ok(null);
    },
  );

  app.get(
    routePath(API.reminderSchedule),
    portalCall('readRecords', {
      summary: "The clinic's schedule of reminder notices",
      description:
        '`stages`: days relative to the due date (negative: before it; positive: an overdue notice after it), ' +
        'ascending; notices go from `sendHour` (0-23) in `timeZone` (IANA) on. `version` 0: never saved (the defaults).',
      response: { 200: envelopeSchema(ReminderSchedule) },
    }),
    async (request) => ok(await readReminderSchedule(app.db, request.clinic.clinicId)),
  );

  app.post(
    routePath(API.saveReminderSchedule),
    portalForm('clinicSettings', saveReminderScheduleForm, {
      summary: "Saves the clinic's schedule of reminder notices",
      description:
        'One to six distinct `stages` within a year of the due date; `timeZone` an IANA name. `version` (of ' +
        'GetReminderSchedule, 0 when never saved): when the schedule has a newer one the save is refused with ' +
        'HTTP 409 naming who saved it and when.',
      response: { 200: envelopeSchema(ReminderScheduleSaved), 409: envelopeSchema(VersionConflict) },
    }),
    async (request) => {
      const { values } = await readForm(request, saveReminderScheduleForm);
      return ok(await saveReminderSchedule(app.db, actingUser(request), values));
    },
  );
};

export default vetReminderProtocolRoutes;
