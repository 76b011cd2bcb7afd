import crypto from 'node:crypto';

/** A new random token (256 bits, base64url) and its sha-256 hash (hex), which is all we store. */
export function newToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}
