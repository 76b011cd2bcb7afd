/**
 * Contract of a clinic's reminder protocols (issue 33, docs/decisions/0170) and its schedule of notices: GetReminderProtocols and
 * SaveReminderProtocol's answer (its body is the shared form, src/shared/forms/reminder-protocol-form.ts).
 * Conventions as in vet.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ANTIPARASITIC_CHOICES, VACCINATION_CHOICES } from '#shared/constants';
import { Id, Nullable } from '#shared/contract/schema-parts';

const Title = Type.Union(
  [...VACCINATION_CHOICES, ...ANTIPARASITIC_CHOICES].map((t) => Type.Literal(t)),
  { description: 'a vaccination or antiparasitic of SPEC.md §3 (its English name)' },
);
const AgeWeeks = Nullable(Type.Integer());

const ProtocolFields = {
  title: Title,
  petTypeId: Nullable(Id),
  minAgeWeeks: AgeWeeks,
  maxAgeWeeks: AgeWeeks,
  intervalDays: Type.Integer(),
};

export const ReminderProtocol = Type.Object({
  id: Id,
  ...ProtocolFields,
  /** the version a save names (a save over a newer one is refused with 409) */
  version: Type.Integer(),
});
export type ReminderProtocol = Static<typeof ReminderProtocol>;

export const ReminderProtocolsResult = Type.Object({ protocols: Type.Array(ReminderProtocol) });
export type ReminderProtocolsResult = Static<typeof ReminderProtocolsResult>;

export const ReminderProtocolSaved = Type.Object({ id: Id, version: Type.Integer() });
export type ReminderProtocolSaved = Static<typeof ReminderProtocolSaved>;

/** DeleteReminderProtocol (docs/decisions/0193): the protocol and the version read (409 over a newer one). */
export const DeleteReminderProtocolBody = Type.Object({ id: Id, version: Type.Integer({ minimum: 1 }) });
export type DeleteReminderProtocolBody = Static<typeof DeleteReminderProtocolBody>;

/**
 * GetReminderSchedule (issue 33, item 2): whether notices go out by themselves, on which days relative to the due
 * date (`stages`, ascending: negative before it, positive an overdue notice after it), from `sendHour` (0-23) in
 * `timeZone` (IANA). `version` 0: never saved (the defaults).
 */
export const ReminderSchedule = Type.Object({
  enabled: Type.Boolean(),
  stages: Type.Array(Type.Integer()),
  sendHour: Type.Integer(),
  timeZone: Type.String(),
  version: Type.Integer(),
});
export type ReminderSchedule = Static<typeof ReminderSchedule>;

export const ReminderScheduleSaved = Type.Object({ version: Type.Integer() });
export type ReminderScheduleSaved = Static<typeof ReminderScheduleSaved>;
