/**
 * Contract of issue 33's visit requests (docs/decisions/0187): the booking page's calls (CheckBookingLink,
 * RequestVisit: its body is the shared form, src/shared/forms/visit-request-forms.ts) and the clinic's
 * (GetVisitRequests, AnswerVisitRequest). Conventions as in vet.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable } from '#shared/contract/schema-parts';

const Day = Type.String({ format: 'date' });
const VISIT_REQUEST_STATES = ['requested', 'booked', 'declined'] as const;
export type VisitRequestState = (typeof VISIT_REQUEST_STATES)[number];
const State = Type.Union(VISIT_REQUEST_STATES.map((s) => Type.Literal(s)));

export const BookingLinkBody = Type.Object({ token: Type.String({ maxLength: 200 }) });
export type BookingLinkBody = Static<typeof BookingLinkBody>;

/** What the booking page shows of its link: the clinic, the pets, and the request already made with it (or null). */
export const BookingLink = Type.Object({
  clinicName: Type.String(),
  clinicPhone: Type.String(),
  petNames: Type.Array(Type.String()),
  requestState: Nullable(State),
});
export type BookingLink = Static<typeof BookingLink>;

export const VisitRequestsQuery = Type.Object({
  /** default 'requested' */
  state: Type.Optional(State),
  offset: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type VisitRequestsQuery = Static<typeof VisitRequestsQuery>;

export const VisitRequest = Type.Object({
  id: Id,
  version: Type.Integer(),
  state: State,
  createdAt: Type.String(),
  preferredDays: Type.Array(Day),
  partOfDay: Type.Union([Type.Literal('morning'), Type.Literal('afternoon'), Type.Literal('any')]),
  note: Type.String(),
  ownerName: Type.String(),
  ownerPhone: Type.String(),
  pets: Type.Array(Type.Object({ petId: Id, petName: Type.String() })),
  /** the reminders it is about: the vaccination or antiparasitic (its English name) and the day it was due */
  reminders: Type.Array(Type.Object({ wellnessRecordId: Id, title: Type.String(), dueDate: Day })),
  visitDate: Nullable(Day),
  declineMessage: Type.String(),
});
export type VisitRequest = Static<typeof VisitRequest>;

export const VisitRequestsResult = Type.Object({
  requests: Type.Array(VisitRequest),
  /** of the state asked */
  count: Type.Integer(),
  /** waiting for an answer (the Requested filter's count) */
  requestedCount: Type.Integer(),
});
export type VisitRequestsResult = Static<typeof VisitRequestsResult>;

export const VisitRequestAnswered = Type.Object({
  state: State,
  /** the visits made (accepted), one per pet */
  visitIds: Type.Array(Id),
  /** whether the owner's e-mail was queued (false: no address, or the clinic's daily cap) */
  emailed: Type.Boolean(),
});
export type VisitRequestAnswered = Static<typeof VisitRequestAnswered>;
