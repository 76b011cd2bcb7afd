import { describe, expect, it } from 'vitest';
import { petFormSchema } from '#shared/forms/pet-form';
import {
  findInputProblem,
  isAcceptableNumber,
  MAX_TEXT_LENGTH,
  parseWholeNumber,
  textProblem,
} from '#shared/contract/input-rules';

describe('the shared input rules', () => {
  it('numbers: finite and within 32 bits', () => {
    for (const n of [0, -1, 2147483647, -2147483648, 12.5]) expect(isAcceptableNumber(n)).toBe(true);
    for (const n of [Infinity, -Infinity, NaN, 2147483648, 1e20, Number('1e309')])
      expect(isAcceptableNumber(n)).toBe(false);
  });

  it('whole numbers from text', () => {
    expect(parseWholeNumber('42')).toBe(42);
    expect(parseWholeNumber(' 7 ')).toBe(7);
    for (const raw of ['Infinity', '1e309', '1.5', '0x10', '', 'NaN', '99999999999', null, {}])
      expect(parseWholeNumber(raw)).toBeNull();
    expect(parseWholeNumber('0', 1)).toBeNull();
  });

  it('text: no NUL, bounded length', () => {
    expect(textProblem('Rex')).toBeNull();
    expect(textProblem('a\u0000b')).toBe('nul');
    expect(textProblem('x'.repeat(MAX_TEXT_LENGTH + 1))).toBe('tooLong');
    expect(textProblem('x'.repeat(11), 10)).toBe('tooLong');
  });

  it('finds the first bad value anywhere, with its path', () => {
    expect(findInputProblem({ a: 1, b: ['ok', { c: 'x\u0000' }] })).toEqual({ path: 'b.1.c', problem: 'nul' });
    expect(findInputProblem({ offset: Infinity })).toEqual({ path: 'offset', problem: 'number' });
    expect(findInputProblem({ ['k\u0000']: 1 })).toMatchObject({ problem: 'nul' });
    expect(findInputProblem({ a: 'fine', b: [1, 2], c: null, d: true })).toBeNull();
  });

  it('the pet form refuses NUL in its text fields, as the server does', async () => {
    const values = {
      petName: 'Re\u0000x',
      petTypeId: 1,
      petBreedId: 1,
      ownerNameForVet: 'A',
      ownerPhoneForVet: '1',
      petGenderId: 1,
      petDateOfBirth: '2020-01-01',
    };
    await expect(petFormSchema.validate(values)).rejects.toThrow('validation.invalidValue');
    await expect(petFormSchema.validate({ ...values, petName: 'Rex', bloodType: '\u0000' })).rejects.toThrow(
      'validation.invalidValue',
    );
    await expect(petFormSchema.validate({ ...values, petName: 'Rex' })).resolves.toMatchObject({ petName: 'Rex' });
  });
});
