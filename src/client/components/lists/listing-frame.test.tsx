import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListingFrame } from '#client/components/lists/listing-frame';
import { renderWithProviders } from '#tests/support/component-test-utils';

const loaded = { error: null, isPending: false, isPlaceholderData: false, isFetching: false };
const frame = (
  query: typeof loaded | { error: unknown; isPending: boolean; isPlaceholderData: boolean; isFetching: boolean },
  itemCount: number,
  page = 2,
) => (
  <ListingFrame
    query={query}
    variant="pet"
    loadingLabel="Loading"
    itemCount={itemCount}
    emptyMessage="No pets here"
    pager={{ page, onPageChange: () => {} }}
    before={<p>the map</p>}
  >
    <p>the cards</p>
  </ListingFrame>
);

describe('ListingFrame', () => {
  it('shows "Error: …" in place of the listing', () => {
    renderWithProviders(frame({ ...loaded, error: new Error('Server down') }, 0));
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Server down');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows skeleton cards while the first page loads', () => {
    renderWithProviders(frame({ ...loaded, isPending: true }, 0));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('shows the empty message, no map, and a pager whose Next is off', () => {
    renderWithProviders(frame(loaded, 0, 1));
    expect(screen.getByText('No pets here')).toBeInTheDocument();
    expect(screen.queryByText('the map')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows the map and the cards, and disables the pager while the next page loads', () => {
    renderWithProviders(frame({ ...loaded, isPlaceholderData: true, isFetching: true }, 4));
    expect(screen.getByText('the map')).toBeInTheDocument();
    expect(screen.getByText('the cards')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('on an empty page past the end, says there is nothing more and leads back to the first page', async () => {
    const onPageChange = vi.fn();
    renderWithProviders(
      <ListingFrame
        query={loaded}
        variant="pet"
        loadingLabel="Loading"
        itemCount={0}
        emptyMessage="No pets here right now"
        pager={{ page: 5, fullPage: 4, onPageChange }}
      >
        <p>the cards</p>
      </ListingFrame>,
    );
    expect(screen.queryByText('No pets here right now')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('There are no more results');
    await userEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('knowing the total, disables Next on the last page and leads a page past the end to the last page', async () => {
    const onPageChange = vi.fn();
    const { rerender } = renderWithProviders(
      <ListingFrame
        query={loaded}
        variant="provider"
        loadingLabel="Loading"
        itemCount={2}
        emptyMessage="No sitters"
        pager={{ page: 3, totalPages: 3, onPageChange }}
      >
        <p>the cards</p>
      </ListingFrame>,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    rerender(
      <ListingFrame
        query={loaded}
        variant="provider"
        loadingLabel="Loading"
        itemCount={0}
        emptyMessage="No sitters"
        pager={{ page: 7, totalPages: 3, onPageChange }}
      >
        <p>the cards</p>
      </ListingFrame>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go to the last page (3)' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('a partial page of a pet listing is its last: Next is off', () => {
    renderWithProviders(
      <ListingFrame
        query={loaded}
        variant="pet"
        loadingLabel="Loading"
        itemCount={3}
        emptyMessage="No pets"
        pager={{ page: 2, fullPage: 4, onPageChange: () => {} }}
      >
        <p>the cards</p>
      </ListingFrame>,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
