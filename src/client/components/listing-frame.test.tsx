import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ListingFrame } from '#client/components/listing-frame';
import { renderWithProviders } from '#tests/support/component-test-utils';

const loaded = { error: null, isPending: false, isPlaceholderData: false, isFetching: false };
const frame = (query: typeof loaded | { error: unknown; isPending: boolean; isPlaceholderData: boolean; isFetching: boolean }, itemCount: number) => (
  <ListingFrame query={query} variant="pet" loadingLabel="Loading" itemCount={itemCount} emptyMessage="No pets here" pager={{ page: 2, onPageChange: () => {} }} before={<p>the map</p>}>
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
    renderWithProviders(frame(loaded, 0));
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
});
