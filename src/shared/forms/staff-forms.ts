/**
 * The rules of a staff person's own sign-in (issue 31): a username, a password under SPEC.md §5's reset
 * rules (password-rules.ts) and a desk PIN. The forms of the portal and the token pages check them here, and
 * the server checks the same functions (src/server/staff/). Messages are i18n keys of the `staff` namespace
 * (the password's of `account`).
 */
import * as yup from 'yup';
import { DELIVERABLE_ADDRESS, EMAIL_ADDRESS_MAX } from '#shared/email-address';
import { newPasswordSchema } from '#shared/forms/password-rules';
import { STAFF_ROLES } from '#shared/staff-roles';

const USERNAME_MIN = 3;
const USERNAME_MAX = 64;
/** letters, digits, dot, dash and underscore; compared without case */
const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]*$/i;
/** 4 to 8 digits */
const PIN_PATTERN = /^\d{4,8}$/;
/** a TOTP code (6 digits) or a recovery code (xxxx-xxxx-xx, dashes and case ignored) */
const SECOND_FACTOR_PATTERN = /^(\d{6}|[A-Za-z0-9-]{10,14})$/;

export function isValidUsername(value: string): boolean {
  const v = value.trim();
  return v.length >= USERNAME_MIN && v.length <= USERNAME_MAX && USERNAME_PATTERN.test(v);
}

export function isValidPin(value: string): boolean {
  return PIN_PATTERN.test(value);
}

const usernameSchema = yup
  .string()
  .trim()
  .required('staff:validation.usernameRequired')
  .test('username', 'staff:validation.usernameRules', (v) => isValidUsername(v ?? ''));
const pinSchema = yup
  .string()
  .required('staff:validation.pinRequired')
  .test('pin', 'staff:validation.pinRules', (v) => isValidPin(v ?? ''));
const confirmPin = yup
  .string()
  .required('staff:validation.pinRequired')
  .oneOf([yup.ref('pin')], 'staff:validation.pinMismatch');
const confirmPassword = yup
  .string()
  .required('account:password.required')
  .oneOf([yup.ref('password')], 'account:password.mismatch');

/** The invitation page (/AcceptStaffInvite): username, password twice, PIN twice. */
export const acceptInviteFormSchema = yup.object({
  username: usernameSchema,
  password: newPasswordSchema,
  confirmPassword,
  pin: pinSchema,
  confirmPin,
});
export type AcceptInviteFormValues = yup.InferType<typeof acceptInviteFormSchema>;

/** The reset link's page (/ResetStaffLogin) for a new password. */
export const newPasswordFormSchema = yup.object({ password: newPasswordSchema, confirmPassword });
export type NewPasswordFormValues = yup.InferType<typeof newPasswordFormSchema>;

/** The reset link's page for a new PIN. */
export const newPinFormSchema = yup.object({ pin: pinSchema, confirmPin });
export type NewPinFormValues = yup.InferType<typeof newPinFormSchema>;

/** One's own password, changed with the current one. */
export const changePasswordFormSchema = yup.object({
  currentPassword: yup.string().required('staff:validation.currentPasswordRequired'),
  password: newPasswordSchema,
  confirmPassword,
});
export type ChangePasswordFormValues = yup.InferType<typeof changePasswordFormSchema>;

/** One's own PIN, changed with one's password. */
export const changePinFormSchema = yup.object({
  currentPassword: yup.string().required('staff:validation.currentPasswordRequired'),
  pin: pinSchema,
  confirmPin,
});
export type ChangePinFormValues = yup.InferType<typeof changePinFormSchema>;

/** An admin's invitation: a name, an address, a role. */
export const inviteStaffFormSchema = yup.object({
  name: yup.string().trim().required('staff:validation.nameRequired').max(120, 'staff:validation.nameTooLong'),
  // the rule the server's invitation checks (one mailbox a To header can carry), not yup's looser `email()`
  email: yup
    .string()
    .trim()
    .required('staff:validation.emailRequired')
    .max(EMAIL_ADDRESS_MAX, 'staff:validation.emailInvalid')
    .matches(DELIVERABLE_ADDRESS, 'staff:validation.emailInvalid'),
  role: yup.string().oneOf(STAFF_ROLES, 'staff:validation.roleRequired').required('staff:validation.roleRequired'),
});
export type InviteStaffFormValues = yup.InferType<typeof inviteStaffFormSchema>;

/** The second step of a sign-in, and turning two-factor on or off: a code from the app, or a recovery code. */
export const secondFactorSchema = yup.object({
  code: yup
    .string()
    .trim()
    .required('staff:validation.codeRequired')
    .test('code', 'staff:validation.codeRules', (v) => SECOND_FACTOR_PATTERN.test((v ?? '').replace(/\s/g, ''))),
});
