import { describe, expect, it } from 'vitest';
import { PER_ADDRESS_PER_HOUR, PER_PET_WINDOW_MS, SightingRateLimiter } from '#server/sightings/rate-limit';

describe('SightingRateLimiter', () => {
  it('allows one sighting per pet per address per window', () => {
    const l = new SightingRateLimiter();
    const t = 1_000_000;
    expect(l.allow('a', 1, t)).toBe(true);
    expect(l.allow('a', 1, t + 1000)).toBe(false);
    expect(l.allow('b', 1, t + 1000)).toBe(true);
    expect(l.allow('a', 2, t + 1000)).toBe(true);
    expect(l.allow('a', 1, t + PER_PET_WINDOW_MS)).toBe(true);
  });

  it('allows at most PER_ADDRESS_PER_HOUR sightings per address per hour', () => {
    const l = new SightingRateLimiter();
    const t = 5_000_000;
    for (let pet = 1; pet <= PER_ADDRESS_PER_HOUR; pet++) expect(l.allow('a', pet, t + pet)).toBe(true);
    expect(l.allow('a', 999, t + 100)).toBe(false);
    expect(l.allow('other', 999, t + 100)).toBe(true);
    expect(l.allow('a', 999, t + 60 * 60 * 1000 + 31)).toBe(true);
  });

  it('forgets expired entries when pruned', () => {
    const l = new SightingRateLimiter();
    l.allow('a', 1, 0);
    l.prune(2 * 60 * 60 * 1000);
    expect(l.allow('a', 1, 2 * 60 * 60 * 1000)).toBe(true);
  });
});
