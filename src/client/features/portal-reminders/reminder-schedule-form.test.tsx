import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ReminderScheduleForm } from '#client/features/portal-reminders/reminder-schedule-form';
import { renderWithApp } from '#tests/support/render-with-app';

const schedule = { enabled: true, stages: [-14, 0, 7], sendHour: 9, timeZone: 'Europe/Madrid', version: 1 };

describe('ReminderScheduleForm', { timeout: 20_000 }, () => {
  it("heads its list of notices one level below the dialog's h3 (axe: heading order; MUI's subtitle2 is an h6)", async () => {
    await renderWithApp(
      <ReminderScheduleForm schedule={schedule} editable reloading={false} onReload={() => undefined} />,
      { namespaces: ['portal'] },
    );
    const heading = await screen.findByRole('heading', { name: 'Notices (days from the due date)' });
    expect(heading.tagName).toBe('H4');
    expect(screen.getByRole('list', { name: 'Notices (days from the due date)' })).toBeInTheDocument();
  });
});
