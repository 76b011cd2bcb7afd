import { describe, expect, it } from 'vitest';
import { hasImage } from '#client/components/media';

describe('media address', () => {
  it('treats the bare media base and empty as no image', () => {
    expect(hasImage('http://127.0.0.1:3000/media/')).toBe(false);
    expect(hasImage('http://127.0.0.1:3000/media')).toBe(false);
    expect(hasImage('')).toBe(false);
    expect(hasImage(null)).toBe(false);
    expect(hasImage('http://127.0.0.1:3000/media/pets/a.webp')).toBe(true);
  });
});
