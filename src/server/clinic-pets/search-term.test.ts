// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { phoneDigits, readSearchTerm } from '#server/clinic-pets/search-term';

describe('a portal search term', () => {
  it('is trimmed, its white space runs one space (never the search text separator), nothing when empty', () => {
    expect(readSearchTerm('  Inês \n Conceição\t')).toEqual({
      text: 'Inês Conceição',
      digits: null,
      words: ['Inês', 'Conceição'],
    });
    expect(readSearchTerm('   ')).toBeNull();
    expect(readSearchTerm(undefined)).toBeNull();
  });

  it('reads a phone-like term as digits too, the international 00 and a national trunk 0 dropped', () => {
    for (const term of ['+351 239 539 317', '00351 239 539 317', '(00351) 239-539-317', '+351239539317'])
      expect(readSearchTerm(term)?.digits, term).toBe('351239539317');
    expect(readSearchTerm('351239539317')).toEqual({ text: '351239539317', digits: null, words: null });
    expect(readSearchTerm('07700 900123')?.digits).toBe('7700900123');
    // a short run of digits is searched as it is (no trunk 0 dropped)
    expect(readSearchTerm('0123')).toEqual({ text: '0123', digits: null, words: null });
    expect(readSearchTerm('555 01')?.digits).toBe('55501');
    // not phone-like: letters
    expect(readSearchTerm('max 55')?.digits).toBeNull();
  });

  it('keeps the digits as the database does for a stored phone (pawtal_phone_digits)', () => {
    expect(phoneDigits('+1 (555) 010-0200')).toBe('15550100200');
    expect(phoneDigits('0044 7700 900123')).toBe('447700900123');
  });
});
