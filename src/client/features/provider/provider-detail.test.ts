import { describe, expect, it } from 'vitest';
import { backToListing } from '#client/features/provider/provider-detail';

describe('backToListing', () => {
  it('returns to the listing page the card was on', () => {
    expect(backToListing({ provider: {}, listing: '/sitters?page=3&country=5' }, '/sitters')).toBe(
      '/sitters?page=3&country=5',
    );
    expect(backToListing({ listing: '/sitters' }, '/sitters')).toBe('/sitters');
  });
  it("goes to the listing's first page without one, or for an address of anything else", () => {
    expect(backToListing(null, '/vets')).toBe('/vets');
    expect(backToListing({ provider: {} }, '/vets')).toBe('/vets');
    expect(backToListing({ listing: '/sitters?page=2' }, '/vets')).toBe('/vets');
    expect(backToListing({ listing: '//evil.example/vets' }, '/vets')).toBe('/vets');
    expect(backToListing({ listing: '/vetsx?page=2' }, '/vets')).toBe('/vets');
    expect(backToListing({ listing: 42 }, '/vets')).toBe('/vets');
  });
});
