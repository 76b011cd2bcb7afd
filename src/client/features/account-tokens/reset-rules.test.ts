import { describe, expect, it } from 'vitest';
import { resetChecklist } from '#client/features/account-tokens/reset-rules';

const passedIds = (pw: string) =>
  resetChecklist(pw, pw)
    .rules.filter((r) => r.passed)
    .map((r) => r.id);

describe('reset checklist', () => {
  it('checks the five rules of SPEC.md §5 one by one', () => {
    expect(passedIds('')).toEqual([]);
    expect(passedIds('abcdefgh')).toEqual(['minLength', 'lowercase']);
    expect(passedIds('ABC')).toEqual(['uppercase']);
    expect(passedIds('1')).toEqual(['digit']);
    expect(passedIds('?')).toEqual(['special']);
    expect(passedIds('Abcdef1!')).toEqual(['minLength', 'lowercase', 'uppercase', 'digit', 'special']);
  });

  it('accepts only @ $ & ! ? as special characters', () => {
    for (const c of ['@', '$', '&', '!', '?']) expect(passedIds(`Abcdefg1${c}`)).toContain('special');
    for (const c of ['#', '%', '*', '-', ' ']) expect(passedIds(`Abcdefg1${c}`)).not.toContain('special');
  });

  it('enables the button only when every rule passes and both fields match', () => {
    expect(resetChecklist('Abcdef1!', 'Abcdef1!').canSubmit).toBe(true);
    expect(resetChecklist('Abcdef1!', 'Abcdef1?').canSubmit).toBe(false);
    expect(resetChecklist('Abcdef1!', '').canSubmit).toBe(false);
    expect(resetChecklist('abcdef1!', 'abcdef1!').canSubmit).toBe(false);
    expect(resetChecklist('Abc1!', 'Abc1!').canSubmit).toBe(false);
  });

  it('does not count two empty fields as matching', () => {
    expect(resetChecklist('', '').matches).toBe(false);
  });
});
