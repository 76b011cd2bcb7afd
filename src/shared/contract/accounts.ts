import { Type, type Static } from '@sinclair/typebox';

/** One-time tokens are 43 base64url characters; anything longer than 100 is refused with 400. */
const TokenString = Type.String({ minLength: 1, maxLength: 100 });

export const ResetPasswordBody = Type.Object({
  newPassword: Type.String({ maxLength: 128 }),
  passwordResetToken: TokenString,
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** checkResetToken: is this reset link still usable? (the token is not used up) */
export const CheckResetTokenBody = Type.Object({ passwordResetToken: TokenString });
export type CheckResetTokenBody = Static<typeof CheckResetTokenBody>;

export const VerifyEmailBody = Type.Object({ verificationToken: TokenString });
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

/** VerifyEmail's data: whether the link had been used before and the address was verified then. */
export const VerifyEmailAnswer = Type.Object({ alreadyVerified: Type.Boolean() });
export type VerifyEmailAnswer = Static<typeof VerifyEmailAnswer>;

export const AcceptPetInviteBody = Type.Object({ verificationToken: TokenString });
export type AcceptPetInviteBody = Static<typeof AcceptPetInviteBody>;

/** The token calls answer data null (VerifyEmail: VerifyEmailAnswer); success and failure are told by result and message. */
export const TOKEN_MESSAGES = {
  passwordReset: 'Password reset successfully!',
  emailVerified: 'Email Verified.',
  inviteAccepted: 'Pet ownership invitation accepted successfully.',
  badResetToken: 'This password reset link is invalid or has expired. Please request a new one.',
  badVerifyToken: 'This email verification link is invalid or has expired.',
  badInviteToken: 'This invitation link is invalid or has expired.',
} as const;
