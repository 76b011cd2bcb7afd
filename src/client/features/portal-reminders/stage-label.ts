import type { TFunction } from 'i18next';

/**
 * A stage of the clinic's schedule of notices in words (issue 33, item 2): "14 days before", "On the due day",
 * "14 days after" (days relative to the due date). `t`: the portal namespace's.
 */
export function stageLabel(t: TFunction<'portal'>, stage: number): string {
  return stage === 0
    ? t('reminders.notices.onTheDay')
    : t(stage < 0 ? 'reminders.notices.before' : 'reminders.notices.after', { count: Math.abs(stage) });
}
