import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '#tests/support/portal-test-render';
import { DateRangeFilter, type RangeValue } from '#client/components/desk-grid/date-range-filter';

/** Types a day section by section into one end of the range ("December", "20", "2026"), as a person does. */
async function typeDay(user: UserEvent, end: 'From' | 'To', month: string, day: string, year: string) {
  const sections = within(screen.getByRole('group', { name: end })).getAllByRole('spinbutton');
  for (const [i, text] of [month, day, year].entries()) {
    await user.click(sections[i]!);
    await user.keyboard(text);
  }
}

/** The filter, its changes recorded; the range it shows changes only when the test says (a parent showing them late). */
function LateParent({
  start,
  sent,
  onShowReady,
}: {
  start: RangeValue;
  sent: RangeValue[];
  onShowReady: (show: (value: RangeValue) => void) => void;
}) {
  const [value, setValue] = useState(start);
  useEffect(() => onShowReady(setValue), [onShowReady]);
  return <DateRangeFilter label="Range" value={value} presets={['today', 'next7']} onChange={(v) => sent.push(v)} />;
}

async function renderLateParent(start: RangeValue) {
  const sent: RangeValue[] = [];
  let showRange: (value: RangeValue) => void = () => undefined;
  const onShowReady = (show: (value: RangeValue) => void) => (showRange = show);
  await renderPortal(<LateParent start={start} sent={sent} onShowReady={onShowReady} />, { language: 'en' });
  return { sent, show: (value: RangeValue) => act(() => showRange(value)) };
}

describe('the date range filter', { timeout: 60_000 }, () => {
  it('keeps a From just taken when the To is typed before the range shows it (the reminders keep theirs in the address)', async () => {
    const user = userEvent.setup();
    const { sent, show } = await renderLateParent({ from: '2026-11-29', to: '2026-11-29' });
    await typeDay(user, 'From', 'December', '20', '2026');
    // leaving the field takes the day: the To follows (the ends crossed)
    await user.click(within(screen.getByRole('group', { name: 'To' })).getAllByRole('spinbutton')[0]!);
    expect(sent).toEqual([{ from: '2026-12-20', to: '2026-12-20' }]);
    await typeDay(user, 'To', 'December', '21', '2026');
    await user.tab();
    expect(sent.at(-1)).toEqual({ from: '2026-12-20', to: '2026-12-21' });
    expect(sent.every((range) => range.from === '2026-12-20')).toBe(true);

    // once shown, a change made elsewhere (the address going back) is what the next one composes with
    await show({ from: '2026-12-20', to: '2026-12-21' });
    await show({ from: '2026-11-01', to: '2026-11-05' });
    await typeDay(user, 'To', 'November', '9', '2026');
    await user.tab();
    expect(sent.at(-1)).toEqual({ from: '2026-11-01', to: '2026-11-09' });
  });
});
