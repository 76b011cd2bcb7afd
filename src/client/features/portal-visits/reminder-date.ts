/** Reminder choices of a vaccination or antiparasitic row (SPEC.md §3, §4). */
import dayjs from 'dayjs';
import { REMINDER_PRESET_DAYS } from '#shared/constants';
import { ISO_DAY } from '#client/components/format/dates';

type ReminderPreset = (typeof REMINDER_PRESET_DAYS)[number];
/**
 * 'none' → no reminder; 'custom' → a date the user picks; a number → that many days after the record's date;
 * 'protocol' → the clinic's matching protocol's interval after it (issue 33, docs/decisions/0170).
 */
export type ReminderChoice = 'none' | 'custom' | 'protocol' | ReminderPreset;

export const REMINDER_CHOICES: readonly ReminderChoice[] = ['none', 'custom', ...REMINDER_PRESET_DAYS];

export function todayIso(now: Date = new Date()): string {
  return dayjs(now).format(ISO_DAY);
}

/** The day a preset counts from: the record's date (the day the vaccine or treatment was given), else today. */
function startDay(recordDate: string | null | undefined, now: Date): dayjs.Dayjs {
  const day = recordDate ? dayjs(recordDate) : null;
  return day?.isValid() ? day : dayjs(todayIso(now));
}

/**
 * The next reminder date for a choice: null for none; for a preset, the record's date plus that
 * many days (today's when the record has no date: SPEC.md's "today" for a record given today, and
 * the same interval for a record entered later, docs/decisions/0121); for custom the existing date
 * (the picker starts from it), else the record's date; for the protocol, the record's date plus `protocolDays` (none
 * without a protocol).
 */
export function reminderDateFor(
  choice: ReminderChoice,
  existing: string | null,
  recordDate: string | null | undefined,
  now: Date = new Date(),
  protocolDays: number | null = null,
): string | null {
  if (choice === 'none') return null;
  if (choice === 'custom') return existing ?? startDay(recordDate, now).format(ISO_DAY);
  const days = choice === 'protocol' ? protocolDays : choice;
  return days === null ? null : startDay(recordDate, now).add(days, 'day').format(ISO_DAY);
}

/**
 * Which choice a stored date shows as: none when empty; the preset whose interval from the record's
 * date it is (saved as "In 3 months", it reopens so); else custom (the date itself).
 */
export function choiceForDate(
  date: string | null,
  recordDate: string | null | undefined,
  now: Date = new Date(),
): ReminderChoice {
  if (!date) return 'none';
  const stored = dayjs(date);
  if (!stored.isValid()) return 'custom';
  const days = stored.diff(startDay(recordDate, now), 'day');
  return REMINDER_PRESET_DAYS.find((preset) => preset === days) ?? 'custom';
}
