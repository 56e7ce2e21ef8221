import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './crypto';

/** Bound secrets: the binding is the GCM additional data, so the secret opens only with the same binding. */
const BOUND = 'v2';
/** Secrets stored before bindings existed; read only to seal them again (see upgradeLegacySecrets). */
const LEGACY = 'v1';

/**
 * AES-256-GCM for mailbox, SFTP and MSAL secrets at rest. The key is derived from APP_SECRET_KEY, so a
 * database dump alone does not reveal them. Each secret is sealed to the connection settings it was typed
 * for (`binding`, from @app/contracts' secret-binding): opened with any other settings it fails like a
 * wrong key, so not even a row changed behind the application's back can send it elsewhere.
 */
export interface SecretBox {
  seal(plain: string, binding: string): string;
  /** Throws when the key or the binding differs, or the value was tampered with. */
  open(sealed: string, binding: string): string;
  /** Whether the value predates bindings (it must be sealed again before use). */
  isLegacy(sealed: string): boolean;
  openLegacy(sealed: string): string;
}

export function createSecretBox(secretKey: string): SecretBox {
  const key = Buffer.from(deriveKey(secretKey, 'stored-secrets'));
  const decipher = (sealed: string, version: string, binding: string | undefined) => {
    const [found, iv, tag, data] = sealed.split(':');
    if (found !== version || !iv || !tag || data === undefined) throw new Error('Unreadable stored secret');
    const gcm = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    if (binding !== undefined) gcm.setAAD(Buffer.from(binding, 'utf8'));
    gcm.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([gcm.update(Buffer.from(data, 'base64')), gcm.final()]).toString('utf8');
  };
  return {
    seal(plain, binding) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(binding, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        BOUND,
        iv.toString('base64'),
        cipher.getAuthTag().toString('base64'),
        data.toString('base64'),
      ].join(':');
    },
    open: (sealed, binding) => decipher(sealed, BOUND, binding),
    isLegacy: (sealed) => sealed.startsWith(`${LEGACY}:`),
    openLegacy: (sealed) => decipher(sealed, LEGACY, undefined),
  };
}
