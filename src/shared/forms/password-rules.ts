import * as yup from 'yup';
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIALS } from '#shared/constants';

/** The password rules of SPEC.md §5, in the order the reset page's checklist shows them. */
type PasswordRuleId = 'minLength' | 'lowercase' | 'uppercase' | 'digit' | 'special';

export interface PasswordRule {
  id: PasswordRuleId;
  /** i18n key (namespace "account") of the checklist line and the error text */
  messageKey: string;
  /** English text, used by the server's result-0 message */
  text: string;
  test(password: string): boolean;
}

const specials = new Set(PASSWORD_SPECIALS.split(''));

const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'minLength',
    messageKey: 'account:password.rules.minLength',
    text: `at least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => [...p].length >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'lowercase',
    messageKey: 'account:password.rules.lowercase',
    text: 'at least one lowercase letter',
    test: (p) => /[a-z]/.test(p),
  },
  {
    id: 'uppercase',
    messageKey: 'account:password.rules.uppercase',
    text: 'at least one uppercase letter',
    test: (p) => /[A-Z]/.test(p),
  },
  { id: 'digit', messageKey: 'account:password.rules.digit', text: 'at least one digit', test: (p) => /[0-9]/.test(p) },
  {
    id: 'special',
    messageKey: 'account:password.rules.special',
    text: `at least one special character (${PASSWORD_SPECIALS.split('').join(' ')})`,
    test: (p) => [...p].some((c) => specials.has(c)),
  },
];

export interface PasswordRuleResult {
  id: PasswordRuleId;
  messageKey: string;
  passed: boolean;
}

/** Every rule with whether the password passes it (the live checklist). */
export function checkPasswordRules(password: string): PasswordRuleResult[] {
  return PASSWORD_RULES.map((r) => ({ id: r.id, messageKey: r.messageKey, passed: r.test(password) }));
}

/** The rules the password breaks (empty when it is acceptable). */
export function failedPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((r) => !r.test(password));
}

/** English sentence naming the broken rules, for the server's answer; null when the password passes. */
export function passwordRulesMessage(password: string): string | null {
  const failed = failedPasswordRules(password);
  if (failed.length === 0) return null;
  return `The password must contain ${failed.map((r) => r.text).join(', ')}.`;
}

const PASSWORD_REQUIRED_KEY = 'account:password.required';
const PASSWORD_MISMATCH_KEY = 'account:password.mismatch';

/** yup schema of a new password: required, then every rule (messages are i18n keys). */
export const newPasswordSchema = PASSWORD_RULES.reduce(
  (schema, rule) => schema.test(rule.id, rule.messageKey, (value) => rule.test(value ?? '')),
  yup.string().required(PASSWORD_REQUIRED_KEY),
);

/** The reset page's form: the new password and its confirmation, which must be equal. */
export const resetPasswordFormSchema = yup.object({
  newPassword: newPasswordSchema,
  confirmPassword: yup
    .string()
    .required(PASSWORD_REQUIRED_KEY)
    .oneOf([yup.ref('newPassword')], PASSWORD_MISMATCH_KEY),
});
export type ResetPasswordForm = yup.InferType<typeof resetPasswordFormSchema>;
