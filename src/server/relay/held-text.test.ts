import { describe, expect, it } from 'vitest';
import { carriesLinksOrPhones, withLinksAndPhonesHeld } from '#server/relay/held-text';

describe('what the relay holds back', () => {
  it.each([
    'Pay the courier at https://pay.example/luna',
    'see www.found-pets.example',
    'go to lunafound.com now',
    'call me on +351 912 345 678',
    'ring 0044 20 7946 0958',
    'my number: (212) 555-0147',
  ])('finds links and phone numbers in %s', (text) => {
    expect(carriesLinksOrPhones(text)).toBe(true);
    expect(withLinksAndPhonesHeld(text)).toContain('[…]');
  });

  it.each(['I saw her near the river at 7 pm', 'She has a white tip on her tail, 3 years old', 'Is she yours?'])(
    'leaves ordinary text alone: %s',
    (text) => {
      expect(carriesLinksOrPhones(text)).toBe(false);
      expect(withLinksAndPhonesHeld(text)).toBe(text);
    },
  );

  it('holds back only the link and the number', () => {
    expect(withLinksAndPhonesHeld('Found him! Call +351 912 345 678 or see lunafound.com.')).toBe(
      'Found him! Call […] or see […].',
    );
  });
});
