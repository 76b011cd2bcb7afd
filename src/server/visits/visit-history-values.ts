import { VISIT_RECORD_TYPES } from '#shared/constants';
import { HISTORY_FIELDS, type HistoryValue } from '#shared/contract/vet-records';
import type { wellnessRecords } from '#server/db/schema';

/** What a visit's and its records' history entries say (docs/decisions/0097): values a person reads. */

export type RecordEntity = keyof typeof VISIT_RECORD_TYPES;

/** The history entity of each record type a visit holds. */
export const RECORD_ENTITY: ReadonlyMap<number, RecordEntity> = new Map(
  Object.entries(VISIT_RECORD_TYPES).map(([entity, typeId]) => [typeId, entity as RecordEntity]),
);

export const VISIT_FIELDS = HISTORY_FIELDS.visit;

export function visitValues(
  visit: { visitDate: string; notes: string; isFinished: boolean },
  vetUserName: string | null,
): Record<(typeof VISIT_FIELDS)[number], HistoryValue> {
  return { visitDate: visit.visitDate, vetUser: vetUserName, notes: visit.notes, isFinished: visit.isFinished };
}

type RecordLike = Pick<
  typeof wellnessRecords.$inferSelect,
  'actionDate' | 'recordValue' | 'unitId' | 'notes' | 'nextReminderDate'
>;

/** A record's fields as its history shows them: a weight with its unit ("12.4 kg"), a title, dates, notes. */
export function recordValues(
  entity: RecordEntity,
  record: RecordLike,
  unitTitle: (unitId: number | null) => string,
): Record<string, HistoryValue> {
  switch (entity) {
    case 'weight':
      return {
        value: [record.recordValue.trim(), unitTitle(record.unitId)].filter(Boolean).join(' '),
        date: record.actionDate,
      };
    case 'vaccination':
    case 'antiparasitic':
      return { value: record.recordValue, date: record.actionDate, nextReminderDate: record.nextReminderDate };
    case 'consultation':
      return {
        value: record.recordValue,
        notes: record.notes,
        date: record.actionDate,
        nextReminderDate: record.nextReminderDate,
      };
    case 'picture':
      return { notes: record.notes };
  }
}

export function recordFields(entity: RecordEntity): readonly string[] {
  return HISTORY_FIELDS[entity];
}
