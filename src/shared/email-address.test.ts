import { describe, expect, it } from 'vitest';
import { undeliverableAddress } from '#shared/email-address';

describe('undeliverableAddress', () => {
  it('is true for something typed that mail cannot go to, false for an address or nothing (issue 36)', () => {
    for (const odd of ['not-an-email', 'a@b', 'two@one.com, x@y.com', 'name <a@b.com>', 'a b@c.com'])
      expect(undeliverableAddress(odd), odd).toBe(true);
    for (const fine of ['owner@example.com', ' owner@example.com ', '', '   ', null, undefined])
      expect(undeliverableAddress(fine), String(fine)).toBe(false);
  });
});
