import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ImageWithFallback } from '#client/components/media/image-with-fallback';

describe('ImageWithFallback', () => {
  it('shows the placeholder for the bare media base', () => {
    render(<ImageWithFallback src="http://x.test/media/" alt="Rex" />);
    expect(screen.getByRole('img', { name: 'Rex' })).toHaveAttribute('src', '/placeholders/pet.svg');
  });
  it('switches to the placeholder when the image fails', () => {
    render(<ImageWithFallback src="http://x.test/media/a.webp" alt="Clinic" placeholder="provider" />);
    const img = screen.getByRole('img', { name: 'Clinic' });
    expect(img).toHaveAttribute('src', 'http://x.test/media/a.webp');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/placeholders/provider.svg');
  });
});
