import { checkPasswordRules, type PasswordRuleResult } from '#shared/forms/password-rules';

export interface ResetChecklist {
  rules: PasswordRuleResult[];
  /** both fields filled and equal */
  matches: boolean;
  /** SPEC.md §4: the button is enabled only when all rules pass and both fields match */
  canSubmit: boolean;
}

/** The live checklist of the reset page: the five rules of SPEC.md §5 and the match of both fields. */
export function resetChecklist(newPassword: string, confirmPassword: string): ResetChecklist {
  const rules = checkPasswordRules(newPassword);
  const matches = newPassword !== '' && newPassword === confirmPassword;
  return { rules, matches, canSubmit: matches && rules.every((r) => r.passed) };
}
