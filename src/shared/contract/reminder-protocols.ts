/**
 * Contract of a clinic's reminder protocols (issue 33, docs/decisions/0170): GetReminderProtocols and
 * SaveReminderProtocol. Conventions as in vet.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ANTIPARASITIC_CHOICES, VACCINATION_CHOICES } from '#shared/constants';
import { Id, Nullable } from '#shared/contract/schema-parts';

/** The longest age a protocol names (30 years) and the longest interval (10 years). */
export const PROTOCOL_LIMITS = { ageWeeks: 1_560, intervalDays: 3_650 } as const;

const Title = Type.Union(
  [...VACCINATION_CHOICES, ...ANTIPARASITIC_CHOICES].map((t) => Type.Literal(t)),
  { description: 'a vaccination or antiparasitic of SPEC.md §3 (its English name)' },
);
const AgeWeeks = Nullable(Type.Integer({ minimum: 0, maximum: PROTOCOL_LIMITS.ageWeeks }));

const ProtocolFields = {
  title: Title,
  petTypeId: Nullable(Id),
  minAgeWeeks: AgeWeeks,
  maxAgeWeeks: AgeWeeks,
  intervalDays: Type.Integer({ minimum: 1, maximum: PROTOCOL_LIMITS.intervalDays }),
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

export const SaveReminderProtocolBody = Type.Object(
  {
    /** missing: a new protocol */
    id: Type.Optional(Id),
    ...ProtocolFields,
    /** Pawtal addition: the version the form read (missing: saved without the check) */
    version: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type SaveReminderProtocolBody = Static<typeof SaveReminderProtocolBody>;

export const ReminderProtocolSaved = Type.Object({ id: Id, version: Type.Integer() });
export type ReminderProtocolSaved = Static<typeof ReminderProtocolSaved>;
