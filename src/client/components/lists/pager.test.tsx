import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pager } from '#client/components/lists/pager';
import { renderWithProviders } from '#tests/support/component-test-utils';

describe('Pager with Previous / Page n / Next', () => {
  it('disables Previous on page 1 and enables Next when the page has items', () => {
    renderWithProviders(<Pager page={1} itemsOnPage={4} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('disables Next when the page returned nothing, and moves by one', async () => {
    const onPageChange = vi.fn();
    renderWithProviders(<Pager page={3} itemsOnPage={0} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('with the total known, disables Next on the last page even after a full page (four of four)', () => {
    const { unmount } = renderWithProviders(
      <Pager page={1} itemsOnPage={4} fullPage={4} lastPage={1} onPageChange={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    unmount();
    renderWithProviders(<Pager page={1} itemsOnPage={4} fullPage={4} lastPage={2} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});

describe('Pager with numbered pages', () => {
  it('draws a button per page with the current one disabled', async () => {
    const onPageChange = vi.fn();
    renderWithProviders(<Pager page={2} totalPages={3} itemsOnPage={4} onPageChange={onPageChange} />);
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
    const { unmount } = renderWithProviders(<Pager page={1} totalPages={2} itemsOnPage={4} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    unmount();
    renderWithProviders(<Pager page={3} totalPages={2} itemsOnPage={0} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});

describe('Pager with the full-page rule (portal lists)', () => {
  it('enables Next only after a full page, under its own label', async () => {
    const onPageChange = vi.fn();
    const { unmount } = renderWithProviders(
      <Pager page={2} itemsOnPage={3} fullPage={4} onPageChange={onPageChange} label="Visits pages" />,
    );
    expect(screen.getByRole('navigation', { name: 'Visits pages' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText('Page 2')).toHaveAttribute('aria-current', 'page');
    unmount();
    renderWithProviders(<Pager page={2} itemsOnPage={4} fullPage={4} onPageChange={onPageChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});
