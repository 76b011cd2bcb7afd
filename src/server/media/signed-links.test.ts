// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mediaLinks } from '#server/media/signed-links';

const KEY = 'k'.repeat(40);
const PATH = 'clinical/ab/0123456789abcdef0123456789abcdef.webp';
const NOW = Date.UTC(2026, 2, 5, 10, 0, 30);

const PICTURE = { recordId: 41, clinicId: 3 };

function parts(signed: string) {
  const [path, query] = signed.split('?');
  const q = Object.fromEntries(new URLSearchParams(query));
  return { path, query: q as Record<string, string | undefined>, exp: q.exp, sig: q.sig };
}

describe('signed links of visit pictures', () => {
  const links = mediaLinks(KEY, 60);

  it('signs a clinical path with an expiry at least the lifetime ahead, rounded up to five minutes', () => {
    const { path, exp, sig } = parts(links.sign(PATH, PICTURE, NOW));
    expect(path).toBe(PATH);
    expect(Number(exp) % 300).toBe(0);
    expect(Number(exp) * 1000 - NOW).toBeGreaterThanOrEqual(60 * 60_000);
    expect(Number(exp) * 1000 - NOW).toBeLessThan(65 * 60_000);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // one address per picture for a while: a browser cache hit
    expect(links.sign(PATH, PICTURE, NOW + 60_000)).toBe(links.sign(PATH, PICTURE, NOW));
  });

  it('leaves every other path as it is (pet photos stay public)', () => {
    expect(links.sign('uploads/ab/0123456789abcdef0123456789abcdef.webp', PICTURE, NOW)).toBe(
      'uploads/ab/0123456789abcdef0123456789abcdef.webp',
    );
    expect(links.sign('pets/dog-01.webp', PICTURE, NOW)).toBe('pets/dog-01.webp');
  });

  it('accepts its own signature for its record and clinic until it expires, and nothing else', () => {
    const { query, exp, sig } = parts(links.sign(PATH, PICTURE, NOW));
    expect(links.check(PATH, query, NOW)).toEqual({ verdict: 'ok', picture: PICTURE });
    expect(links.check(PATH, query, Number(exp) * 1000)).toEqual({ verdict: 'expired' });
    const refused = (changed: Record<string, unknown>, path = PATH, at = NOW) =>
      expect(links.check(path, { ...query, ...changed }, at)).toEqual({ verdict: 'invalid' });
    refused({ exp: undefined });
    refused({ sig: undefined });
    refused({ rec: undefined });
    refused({ clinic: undefined });
    refused({ exp: String(Number(exp) + 300) });
    // the link of one record (or clinic) opens no other, even for the same file
    refused({ rec: '42' });
    refused({ clinic: '4' });
    refused({ rec: '041' });
    refused({}, PATH.replace('ab/', 'cd/'));
    refused({ sig: `${sig?.slice(0, -1)}x` });
    refused({ exp: [exp] });
    refused({ rec: '1e3' });
    expect(mediaLinks('z'.repeat(40), 60).check(PATH, query, NOW)).toEqual({ verdict: 'invalid' });
  });
});
