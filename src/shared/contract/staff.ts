/**
 * Issue 31's calls: staff who sign in as themselves (PIN switch, two-factor, own sessions), staff management
 * for admins, and the invitation and reset links. Field names are the issue's (contracts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable } from '#shared/contract/schema-parts';
import { StaffRoleSchema } from '#shared/contract/vet';

const TokenString = Type.String({ minLength: 1, maxLength: 100 });
const Password = Type.String({ maxLength: 1024 });
/** checked as 4 to 8 digits by the handler, whose answer is in the reader's language */
const Pin = Type.String({ maxLength: 32 });
const Code = Type.String({ maxLength: 32, description: 'a 6-digit code of the authenticator app, or a recovery code' });
const Timestamp = Type.String({ description: 'ISO 8601 date and time' });

// ---------------------------------------------------------------- sign-in and the desk

export const LoginTwoFactorBody = Type.Object({ challenge: TokenString, code: Code });
export type LoginTwoFactorBody = Static<typeof LoginTwoFactorBody>;

export const SwitchUserBody = Type.Object({ userId: Id, pin: Pin });
export type SwitchUserBody = Static<typeof SwitchUserBody>;
export const SwitchUserResult = Type.Object({
  /** the session's verified person from now on */
  currentUserId: Id,
  /** that person's clinic requires two-factor and they have not set it up */
  twoFactorSetupRequired: Type.Boolean(),
});
export type SwitchUserResult = Static<typeof SwitchUserResult>;

// ---------------------------------------------------------------- one's own account

export const ChangePasswordBody = Type.Object({ currentPassword: Password, newPassword: Password });
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const ChangePinBody = Type.Object({ currentPassword: Password, pin: Pin });
export type ChangePinBody = Static<typeof ChangePinBody>;

export const StartTwoFactorResult = Type.Object({
  /** base32, for typing into the app */
  secret: Type.String(),
  /** otpauth://totp/… (shown as a QR code) */
  otpauthUrl: Type.String(),
});
export type StartTwoFactorResult = Static<typeof StartTwoFactorResult>;

export const TwoFactorCodeBody = Type.Object({ code: Code });
export type TwoFactorCodeBody = Static<typeof TwoFactorCodeBody>;

export const ConfirmTwoFactorResult = Type.Object({
  /** ten one-time codes, shown once */
  recoveryCodes: Type.Array(Type.String()),
});
export type ConfirmTwoFactorResult = Static<typeof ConfirmTwoFactorResult>;

export const StaffSession = Type.Object({
  sessionId: Id,
  /** the browser as its User-Agent names it ('' when it sent none) */
  browser: Type.String(),
  createdAt: Timestamp,
  lastSeenAt: Timestamp,
  /** the session making this call */
  current: Type.Boolean(),
});
export type StaffSession = Static<typeof StaffSession>;
export const SessionsResult = Type.Object({
  sessions: Type.Array(StaffSession),
  /** Pawtal addition: the acting person has two-factor sign-in on */
  twoFactor: Type.Boolean(),
});
export type SessionsResult = Static<typeof SessionsResult>;

export const RevokeSessionBody = Type.Object({ sessionId: Id });
export type RevokeSessionBody = Static<typeof RevokeSessionBody>;

// ---------------------------------------------------------------- staff management (admins)

export const StaffMember = Type.Object({
  ID: Id,
  Name: Type.String(),
  role: StaffRoleSchema,
  /** '' when none is known (a user of the seed) */
  email: Type.String(),
  active: Type.Boolean(),
  twoFactor: Type.Boolean(),
  lastSignInAt: Nullable(Timestamp),
  /** Pawtal addition: invited, and the invitation not accepted yet */
  invited: Type.Boolean(),
});
export type StaffMember = Static<typeof StaffMember>;
export const StaffResult = Type.Object({
  staff: Type.Array(StaffMember),
  /** Pawtal addition: the clinic requires two-factor sign-in of everyone */
  requireTwoFactor: Type.Boolean(),
});
export type StaffResult = Static<typeof StaffResult>;

export const InviteStaffBody = Type.Object({
  name: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 320 }),
  role: StaffRoleSchema,
});
export type InviteStaffBody = Static<typeof InviteStaffBody>;

export const UpdateStaffBody = Type.Object({ userId: Id, role: StaffRoleSchema, active: Type.Boolean() });
export type UpdateStaffBody = Static<typeof UpdateStaffBody>;

const STAFF_RESETS = ['password', 'pin'] as const;
export type StaffReset = (typeof STAFF_RESETS)[number];
export const SendStaffResetBody = Type.Object({
  userId: Id,
  reset: Type.Union(STAFF_RESETS.map((r) => Type.Literal(r))),
});
export type SendStaffResetBody = Static<typeof SendStaffResetBody>;

export const ClinicSettingsBody = Type.Object({ requireTwoFactor: Type.Boolean() });
export type ClinicSettingsBody = Static<typeof ClinicSettingsBody>;

// ---------------------------------------------------------------- links (token pages)

export const AcceptStaffInviteBody = Type.Object({
  token: TokenString,
  username: Type.String({ maxLength: 200 }),
  password: Password,
  pin: Pin,
});
export type AcceptStaffInviteBody = Static<typeof AcceptStaffInviteBody>;

/** A reset link's token and what it sets (the link says which: a password or a PIN). */
export const ResetStaffLoginBody = Type.Object({
  token: TokenString,
  password: Type.Optional(Password),
  pin: Type.Optional(Pin),
});
export type ResetStaffLoginBody = Static<typeof ResetStaffLoginBody>;

/** What a link is for, asked by its page before the form shows (the token is not used up). */
export const StaffLinkBody = Type.Object({ token: TokenString });
export type StaffLinkBody = Static<typeof StaffLinkBody>;
export const StaffLinkResult = Type.Object({
  kind: Type.Union([Type.Literal('invite'), Type.Literal('password'), Type.Literal('pin')]),
  /** the person's name, and their clinic's */
  name: Type.String(),
  clinicName: Type.String(),
});
export type StaffLinkResult = Static<typeof StaffLinkResult>;

/** "Forgot your password?" on the login: an address; the answer is the same whether it is known or not. */
export const RequestStaffResetBody = Type.Object({ email: Type.String({ maxLength: 320 }) });
export type RequestStaffResetBody = Static<typeof RequestStaffResetBody>;
