import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for mailbox, SFTP and MSAL secrets at rest (DESIGN §9). The key is derived from
 * APP_SECRET_KEY, so a database dump alone does not reveal them.
 */
export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export function createSecretBox(secretKey: string): SecretBox {
  const key = Buffer.from(deriveKey(secretKey, 'stored-secrets'));
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64'),
        cipher.getAuthTag().toString('base64'),
        data.toString('base64'),
      ].join(':');
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || data === undefined)
        throw new Error('Unreadable stored secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/** Blank input keeps what is stored (spec: saving with the secret left blank keeps it). */
export function nextSecret(box: SecretBox, input: string, stored: string | null | undefined): string | null {
  return input === '' ? (stored ?? null) : box.encrypt(input);
}
