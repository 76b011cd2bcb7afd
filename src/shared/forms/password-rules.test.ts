import { describe, expect, it } from 'vitest';
import {
  checkPasswordRules,
  failedPasswordRules,
  newPasswordSchema,
  passwordRulesMessage,
  resetPasswordFormSchema,
} from '#shared/forms/password-rules';

describe('password rules (SPEC.md §5)', () => {
  it('accepts a password that meets every rule', () => {
    expect(failedPasswordRules('Abcdef1!')).toEqual([]);
    expect(passwordRulesMessage('Abcdef1!')).toBeNull();
    expect(checkPasswordRules('Abcdef1!').every((r) => r.passed)).toBe(true);
  });

  it.each([
    ['Abcde1!', 'minLength'],
    ['ABCDEFG1!', 'lowercase'],
    ['abcdefg1!', 'uppercase'],
    ['Abcdefgh!', 'digit'],
    ['Abcdefgh1', 'special'],
    ['Abcdefg1#', 'special'],
  ])('%s breaks only %s', (password, rule) => {
    expect(failedPasswordRules(password).map((r) => r.id)).toEqual([rule]);
  });

  it('names every broken rule in the server message', () => {
    expect(passwordRulesMessage('abc')).toBe(
      'The password must contain at least 8 characters, at least one uppercase letter, at least one ' +
        'digit, at least one special character (@ $ & ! ?).',
    );
  });

  it('gives i18n keys as yup messages', async () => {
    await expect(newPasswordSchema.validate('abcdefg1!')).rejects.toThrow('account:password.rules.uppercase');
    await expect(newPasswordSchema.validate('')).rejects.toThrow('account:password.required');
    await expect(
      resetPasswordFormSchema.validate({ newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1?' }),
    ).rejects.toThrow('account:password.mismatch');
    await expect(
      resetPasswordFormSchema.validate({ newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' }),
    ).resolves.toBeTruthy();
  });
});
