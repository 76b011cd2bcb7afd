// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mediaLinks } from '#server/media/signed-links';

const KEY = 'k'.repeat(40);
const PATH = 'clinical/ab/0123456789abcdef0123456789abcdef.webp';
const NOW = Date.UTC(2026, 2, 5, 10, 0, 30);

function parts(signed: string) {
  const [path, query] = signed.split('?');
  const q = new URLSearchParams(query);
  return { path, exp: q.get('exp') ?? undefined, sig: q.get('sig') ?? undefined };
}

describe('signed links of visit pictures', () => {
  const links = mediaLinks(KEY, 60);

  it('signs a clinical path with an expiry at least the lifetime ahead, rounded up to five minutes', () => {
    const { path, exp, sig } = parts(links.sign(PATH, NOW));
    expect(path).toBe(PATH);
    expect(Number(exp) % 300).toBe(0);
    expect(Number(exp) * 1000 - NOW).toBeGreaterThanOrEqual(60 * 60_000);
    expect(Number(exp) * 1000 - NOW).toBeLessThan(65 * 60_000);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // one address per picture for a while: a browser cache hit
    expect(links.sign(PATH, NOW + 60_000)).toBe(links.sign(PATH, NOW));
  });

  it('leaves every other path as it is (pet photos stay public)', () => {
    expect(links.sign('uploads/ab/0123456789abcdef0123456789abcdef.webp', NOW)).toBe(
      'uploads/ab/0123456789abcdef0123456789abcdef.webp',
    );
    expect(links.sign('pets/dog-01.webp', NOW)).toBe('pets/dog-01.webp');
  });

  it('accepts its own signature until it expires, and nothing else', () => {
    const { exp, sig } = parts(links.sign(PATH, NOW));
    expect(links.check(PATH, exp, sig, NOW)).toBe('ok');
    expect(links.check(PATH, exp, sig, Number(exp) * 1000)).toBe('expired');
    expect(links.check(PATH, undefined, sig, NOW)).toBe('invalid');
    expect(links.check(PATH, exp, undefined, NOW)).toBe('invalid');
    expect(links.check(PATH, String(Number(exp) + 300), sig, NOW)).toBe('invalid');
    expect(links.check(PATH.replace('ab/', 'cd/'), exp, sig, NOW)).toBe('invalid');
    expect(links.check(PATH, exp, `${sig?.slice(0, -1)}x`, NOW)).toBe('invalid');
    expect(links.check(PATH, [exp], sig, NOW)).toBe('invalid');
    expect(mediaLinks('z'.repeat(40), 60).check(PATH, exp, sig, NOW)).toBe('invalid');
  });
});
