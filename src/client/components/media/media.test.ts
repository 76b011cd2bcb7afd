import { describe, expect, it } from 'vitest';
import { hasImage } from '#client/components/media/media';

describe('hasImage', () => {
  it('treats empty values, a bare site root and the bare media base as no image', () => {
    expect(hasImage('')).toBe(false);
    expect(hasImage('  ')).toBe(false);
    expect(hasImage(null)).toBe(false);
    expect(hasImage(undefined)).toBe(false);
    expect(hasImage('http://127.0.0.1:3000/')).toBe(false);
    expect(hasImage('http://127.0.0.1:3000/media/')).toBe(false);
    expect(hasImage('http://127.0.0.1:3000/media')).toBe(false);
    expect(hasImage('http://127.0.0.1:3000/MEDIA/?v=1')).toBe(false);
    expect(hasImage('http://127.0.0.1:3000/media/pets/a.webp')).toBe(true);
    expect(hasImage('https://cdn.example.com/media/pets/a.webp?v=2')).toBe(true);
  });

  it('agrees with the server, whose image addresses are relative (mediaBase is "/media/")', async () => {
    const { mediaBase } = await import('#server/config');
    const base = mediaBase({ publicUrl: 'http://localhost:3000' });
    expect(base).toBe('/media/');
    expect(hasImage(base)).toBe(false);
    expect(hasImage(`${base}pets/dog-01.webp`)).toBe(true);
  });
});
