import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders } from '#tests/support/component-test-utils';
import { PetIdSearch, petSearchUrl } from '#client/components/search/pet-id-search';

function Where() {
  const location = useLocation();
  return <output>{location.pathname + location.search}</output>;
}

describe('home search', () => {
  it('builds the pet page URL from whatever was typed', () => {
    expect(petSearchUrl('DEMO0001')).toBe('/Pets/Details?publicId=DEMO0001&isFrom=Home');
    expect(petSearchUrl('')).toBe('/Pets/Details?publicId=&isFrom=Home');
    expect(petSearchUrl('a b&c')).toBe('/Pets/Details?publicId=a+b%26c&isFrom=Home');
  });

  it('submits without an emptiness check', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/" element={<PetIdSearch />} />
        <Route path="/Pets/Details" element={<Where />} />
      </Routes>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('status')).toHaveTextContent('/Pets/Details?publicId=&isFrom=Home');
  });

  it('sends the typed public ID', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/" element={<PetIdSearch />} />
        <Route path="/Pets/Details" element={<Where />} />
      </Routes>,
    );
    await userEvent.type(screen.getByPlaceholderText('Enter Pet Public ID'), 'DEMO0002{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('/Pets/Details?publicId=DEMO0002&isFrom=Home');
  });
});
