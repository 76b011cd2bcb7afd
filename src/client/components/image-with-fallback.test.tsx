import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ImageWithFallback, isMissingImage } from '#client/components/image-with-fallback';

describe('isMissingImage', () => {
  it('treats empty values and the bare media base as no image', () => {
    expect(isMissingImage('')).toBe(true);
    expect(isMissingImage(null)).toBe(true);
    expect(isMissingImage('http://127.0.0.1:3000/media/')).toBe(true);
    expect(isMissingImage('http://127.0.0.1:3000/media')).toBe(true);
    expect(isMissingImage('http://127.0.0.1:3000/media/pets/1.webp')).toBe(false);
  });

  it('agrees with the server, whose image addresses are relative (mediaBase is "/media/")', async () => {
    const { mediaBase } = await import('#server/config');
    const base = mediaBase({ publicUrl: 'http://localhost:3000' });
    expect(base).toBe('/media/');
    expect(isMissingImage(base)).toBe(true);
    expect(isMissingImage(`${base}pets/dog-01.webp`)).toBe(false);
  });
});

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
