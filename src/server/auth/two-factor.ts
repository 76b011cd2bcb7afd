import crypto from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '#server/db/client';
import { clinicUsers, recoveryCodes } from '#server/db/schema';
import { hashToken } from '#server/auth/tokens';

/**
 * Two-factor sign-in with an authenticator app (RFC 6238: SHA-1, 30-second steps, 6 digits) and ten one-time
 * recovery codes (issue 31, docs/decisions/0146). A code is accepted once: the step of the last accepted code is
 * kept, and only a later step is accepted after it (a code seen over someone's shoulder is spent).
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** one step either side, for a phone clock a little off */
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUrl(secret: string, issuer: string, label: string): string {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    digits: DIGITS,
    period: PERIOD_SECONDS,
  }).toString();
}

/** The time step whose code `code` is for, near `now`, or null when it is none of them. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    digits: DIGITS,
    period: PERIOD_SECONDS,
    timestamp: now,
    window: WINDOW,
  });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** Takes `step` as the person's last accepted one, atomically: false when it (or a later one) was used already. */
async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(clinicUsers)
    .set({ totpLastStep: step })
    .where(and(eq(clinicUsers.id, userId), or(isNull(clinicUsers.totpLastStep), lt(clinicUsers.totpLastStep, step))))
    .returning({ id: clinicUsers.id });
  return claimed.length === 1;
}

/** "abcde-fghjk": ten characters a person can read aloud, in two groups. */
function recoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const normalisedRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** Whether `code` has the form of a code of the authenticator app (six digits) or of a recovery code. */
export function looksLikeSecondFactor(code: string): boolean {
  const trimmed = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(trimmed)) return true;
  const recovery = normalisedRecoveryCode(code);
  return recovery.length === 10 && [...recovery].every((c) => RECOVERY_ALPHABET.includes(c));
}

/** Replaces the person's recovery codes with ten new ones (stored as hashes); answers them, to show once. */
export async function replaceRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashToken(normalisedRecoveryCode(code)) })));
  return codes;
}

/** Spends one of the person's recovery codes: true once for each code. */
async function useRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashToken(normalisedRecoveryCode(code))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** A second factor of a person with two-factor on: a current code not used before, or an unused recovery code. */
export async function secondFactorOk(db: Db, userId: number, secret: string, code: string): Promise<boolean> {
  const step = totpStep(secret, code);
  if (step !== null) return claimTotpStep(db, userId, step);
  return useRecoveryCode(db, userId, code);
}
