import { describe, expect, it } from 'vitest';
import { isPullArmed } from '#client/components/lists/pull-to-refresh';

describe('pull to refresh', () => {
  it('arms only beyond 50 px at the top of the page', () => {
    expect(isPullArmed(100, 151, 0)).toBe(true);
    expect(isPullArmed(100, 150, 0)).toBe(false);
    expect(isPullArmed(100, 300, 20)).toBe(false);
    expect(isPullArmed(null, 300, 0)).toBe(false);
    expect(isPullArmed(300, 100, 0)).toBe(false);
  });
});
