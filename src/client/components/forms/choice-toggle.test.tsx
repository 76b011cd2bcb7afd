import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChoiceToggle } from '#client/components/forms/choice-toggle';

function Filter({ initial = 'active' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <button type="button">before</button>
      <ChoiceToggle
        value={value}
        onChange={setValue}
        label="Visit status"
        choices={[
          { value: 'all', label: 'All' },
          { value: 'active', label: 'Active' },
          { value: 'completed', label: 'Completed' },
        ]}
      />
      <button type="button">after</button>
    </>
  );
}

describe('ChoiceToggle', () => {
  it('Tab lands on the chosen button (Active), not the first, and leaves the group in one step', async () => {
    render(<Filter />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Active' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Active' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'All' })).not.toHaveAttribute('aria-pressed');
    await user.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('radio', { name: 'Active' })).toHaveFocus();
  });

  it('the arrow keys, Home and End move the choice and the focus with it', async () => {
    render(<Filter />);
    const user = userEvent.setup();
    screen.getByRole('radio', { name: 'Active' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Completed' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Completed' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'All' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('radio', { name: 'Completed' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Active' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Active' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('radio', { name: 'All' })).toHaveAttribute('tabindex', '-1');
  });

  it('right to left, the arrows follow the mirrored row', async () => {
    render(
      <div dir="rtl">
        <Filter />
      </div>,
    );
    const user = userEvent.setup();
    screen.getByRole('radio', { name: 'Active' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Completed' })).toHaveFocus();
  });
});
