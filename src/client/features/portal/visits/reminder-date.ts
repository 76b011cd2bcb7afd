/** Reminder choices of a vaccination or antiparasitic row (SPEC.md §3, §4). */
import dayjs from 'dayjs';
import { REMINDER_PRESET_DAYS } from '#shared/constants';

type ReminderPreset = (typeof REMINDER_PRESET_DAYS)[number];
/** 'none' → no reminder; 'custom' → a date the user picks; a number → today + that many days. */
export type ReminderChoice = 'none' | 'custom' | ReminderPreset;

export const REMINDER_CHOICES: readonly ReminderChoice[] = ['none', 'custom', ...REMINDER_PRESET_DAYS];

export const ISO_DAY = 'YYYY-MM-DD';

export function todayIso(now: Date = new Date()): string {
  return dayjs(now).format(ISO_DAY);
}

/**
 * The next reminder date for a choice: null for none, today + N days for a preset, and for
 * custom the existing date (the picker starts from it), else today.
 */
export function reminderDateFor(choice: ReminderChoice, existing: string | null, now: Date = new Date()): string | null {
  if (choice === 'none') return null;
  if (choice === 'custom') return existing ?? todayIso(now);
  return dayjs(now).add(choice, 'day').format(ISO_DAY);
}

/** Which choice a stored date shows as: none when empty, else custom (the date itself). */
export function choiceForDate(date: string | null): ReminderChoice {
  return date ? 'custom' : 'none';
}
