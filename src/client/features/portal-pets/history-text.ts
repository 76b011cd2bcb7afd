import type { TFunction } from 'i18next';
import { ERASED_HISTORY_VALUE, HISTORY_DATE_FIELDS, REMINDER_SCHEDULE_ACTOR } from '#shared/contract/vet-record-values';
import type { HistoryChange, HistoryEntry, HistoryValue } from '#shared/contract/vet-records';
import { formatLongDate } from '#client/components/format/dates';

/**
 * A history entry in words a receptionist reads (issue 20): "Dr. Ana Ruiz changed weight
 * 12.1 kg → 12.4 kg", "Ben Ortiz added a vaccination", with the details below. Pure: the texts
 * come from locales/<lang>/portal.json "history", the values are formatted for the language.
 */
export interface HistoryText {
  headline: string;
  details: string[];
}

interface Formatters {
  language: string;
  /** a pet type's stored title in the language (data titles) */
  petType: (title: string) => string;
  /** a breed's stored title in the language (data titles) */
  breed: (title: string) => string;
  /** a weight as stored ("12.4 kg") in the language's number format and unit */
  weight: (text: string) => string;
  /** a vaccination's or antiparasitic's stored value in the language (data titles) */
  choice: (entity: 'vaccination' | 'antiparasitic', value: string) => string;
}

function fieldLabel(t: TFunction<'portal'>, entity: HistoryEntry['entity'], field: string): string {
  // The record's value names what it is: the weight, the vaccine, the treatment, the reason.
  return field === 'value' ? t(`history.value.${entity}`) : t(`history.field.${field}`, { defaultValue: field });
}

function valueText(
  t: TFunction<'portal'>,
  entity: HistoryEntry['entity'],
  field: string,
  value: HistoryValue,
  f: Formatters,
): string {
  if (value === null || value === '') return t('history.nothing');
  if (value === ERASED_HISTORY_VALUE) return t('history.erasedValue');
  if (typeof value === 'boolean') {
    if (field === 'photo') return value ? t('history.photo') : t('history.nothing');
    return value ? t('yes') : t('no');
  }
  const text = String(value);
  if (HISTORY_DATE_FIELDS.includes(field)) return formatLongDate(text, f.language);
  if (entity === 'reminder' && field === 'state') return t(`reminders.state.${text}`, { defaultValue: text });
  if (field === 'gender') return text === 'Female' ? t('pets.form.female') : t('pets.form.male');
  if (field === 'petType') return f.petType(text);
  if (field === 'petBreed') return f.breed(text);
  if (field === 'value' && entity === 'weight') return f.weight(text);
  if (field === 'value' && (entity === 'vaccination' || entity === 'antiparasitic')) return f.choice(entity, text);
  return text;
}

function changeText(
  t: TFunction<'portal'>,
  entity: HistoryEntry['entity'],
  c: HistoryChange,
  f: Formatters,
): { field: string; from: string; to: string } {
  return {
    field: fieldLabel(t, entity, c.field),
    from: valueText(t, entity, c.field, c.from, f),
    to: valueText(t, entity, c.field, c.to, f),
  };
}

export function historyText(t: TFunction<'portal'>, entry: HistoryEntry, f: Formatters): HistoryText {
  const user =
    entry.userName === REMINDER_SCHEDULE_ACTOR ? t('history.reminderSchedule') : entry.userName || t('history.server');
  const what = t(`history.thing.${entry.entity}`);
  const inVisit =
    entry.entity !== 'pet' && entry.entity !== 'visit' && entry.visitDate
      ? ` ${t('history.inVisit', { date: formatLongDate(entry.visitDate, f.language) })}`
      : '';
  const changes = entry.changes.map((c) => changeText(t, entry.entity, c, f));
  switch (entry.action) {
    case 'change':
      if (entry.changes.length === 1 && entry.changes[0].field === 'photo')
        return { headline: t('history.photoChanged', { user }), details: [] };
      if (changes.length === 1)
        return { headline: t('history.changedOne', { user, ...changes[0] }) + inVisit, details: [] };
      return {
        headline: t('history.changed', { user, what }) + inVisit,
        details: changes.map((c) => t('history.detailChange', c)),
      };
    case 'create':
      return {
        headline: t('history.created', { user, what }) + inVisit,
        details: changes.map((c) => t('history.detail', { field: c.field, value: c.to })),
      };
    case 'delete':
      return {
        headline: t('history.deleted', { user, what }) + inVisit,
        details: changes.map((c) => t('history.detail', { field: c.field, value: c.from })),
      };
    case 'restore':
      return { headline: t('history.restored', { user, what }) + inVisit, details: [] };
    case 'purge':
      return { headline: t('history.purged', { user, what }), details: [] };
    case 'erase':
      return { headline: t('history.erasedOwner', { user }), details: [] };
  }
}
