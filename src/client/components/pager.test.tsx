import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NumberedPager, PrevNextPager } from '#client/components/pager';
import { renderWithProviders } from '#tests/support/component-test-utils';

describe('PrevNextPager', () => {
  it('disables Previous on page 1 and enables Next when the page has items', () => {
    renderWithProviders(<PrevNextPager page={1} itemsOnPage={4} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('disables Next when the page returned nothing, and moves by one', async () => {
    const onPageChange = vi.fn();
    renderWithProviders(<PrevNextPager page={3} itemsOnPage={0} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});

describe('NumberedPager', () => {
  it('draws a button per page with the current one disabled', async () => {
    const onPageChange = vi.fn();
    renderWithProviders(<NumberedPager page={2} totalPages={3} itemsOnPage={4} onPageChange={onPageChange} />);
    const current = screen.getByRole('button', { name: 'Page 2, current page' });
    expect(current).toBeDisabled();
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Go to page 1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Go to page 3' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
  });

  it('follows the SPEC rules at the edges: Previous off on page 1, Next off on an empty page', () => {
    const { unmount } = renderWithProviders(<NumberedPager page={1} totalPages={2} itemsOnPage={4} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    unmount();
    renderWithProviders(<NumberedPager page={3} totalPages={2} itemsOnPage={0} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
