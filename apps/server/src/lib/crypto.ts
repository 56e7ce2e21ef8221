import { createHash, createHmac, randomBytes } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored as SHA-256 digests so a database leak does not hand out live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A purpose-bound key derived from APP_SECRET_KEY, so the JWT key and the encryption key differ. */
export function deriveKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', secret).update(purpose).digest());
}
