import { screen } from '@testing-library/react';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '#tests/support/portal-test-render';

/** The month heading of the portal's calendars (the reminders' calendar, every date picker's). */
async function headingIn(language: string): Promise<string> {
  await renderPortal(<DateCalendar referenceDate={dayjs('2026-11-05')} />, { language });
  const heading = await screen.findByText(/2026/);
  return heading.textContent ?? '';
}

describe("the calendars' month heading reads in the language's order", { timeout: 30_000 }, () => {
  it('Chinese: year, then month', async () => {
    expect(await headingIn('zh')).toBe('2026年11月');
  });

  it('other languages keep MUI X\'s "month year"', async () => {
    expect(await headingIn('en')).toBe('November 2026');
  });
});
