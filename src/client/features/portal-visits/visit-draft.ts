import type { TFunction } from 'i18next';
import { formatLongDate } from '#client/components/format/dates';
import type { VisitFormState } from '#client/features/portal-visits/visit-form-state';

/**
 * The Edit Visit form as text a person can copy from (docs/decisions/0096): what the user had
 * typed when their save was refused because someone else saved the visit first. One line per
 * field and row, in the portal's language; nothing of it was saved.
 */
export function visitDraftText(
  t: TFunction<'portal'>,
  form: VisitFormState,
  names: { unit: (id: number | null) => string; user: (id: number | null) => string },
  language: string,
): string {
  const date = (iso: string | null) => formatLongDate(iso, language);
  const choice = (title: string) => t(`choices.${title}`, { defaultValue: title });
  const lines: string[] = [
    `${t('editVisit.visitDate')}: ${date(form.visitDate)}`,
    `${t('editVisit.vetUser')}: ${names.user(form.vetUserId)}`,
  ];
  if (form.notes.trim()) lines.push(`${t('editVisit.notes')}: ${form.notes.trim()}`);
  if (form.weightValue.trim())
    lines.push(`${t('editVisit.weight')}: ${form.weightValue.trim()} ${names.unit(form.weightUnitId)}`.trim());
  for (const kind of ['vaccinations', 'antiparasitics'] as const) {
    for (const row of form[kind].filter((r) => r.title)) {
      const reminder = row.nextReminderDate ? `, ${t('editVisit.reminderDate')}: ${date(row.nextReminderDate)}` : '';
      lines.push(`${t(`editVisit.${kind}Title`)}: ${choice(row.title)} (${date(row.date)}${reminder})`);
    }
  }
  for (const row of form.consultations.filter((c) => c.title.trim() || c.notes.trim())) {
    lines.push(`${t('editVisit.reason')}: ${row.title.trim()}${row.notes.trim() ? ` – ${row.notes.trim()}` : ''}`);
  }
  form.pictures.forEach((p, i) => {
    if (p.isDeleted) lines.push(`${t('editVisit.pictureN', { n: i + 1 })}: ${t('editVisit.markedDeleted')}`);
    else if (p.file)
      lines.push(
        `${t('editVisit.pictureN', { n: i + 1 })}: ${t('conflict.newPicture', { name: p.file.name })}${p.notes.trim() ? ` – ${p.notes.trim()}` : ''}`,
      );
    else if (p.notes.trim()) lines.push(`${t('editVisit.pictureN', { n: i + 1 })}: ${p.notes.trim()}`);
  });
  lines.push(`${t('editVisit.completed')}: ${form.isFinished ? t('yes') : t('no')}`);
  return lines.join('\n');
}
