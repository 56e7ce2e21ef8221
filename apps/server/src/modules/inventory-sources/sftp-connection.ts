/**
 * Every connection to an inventory source's saved SFTP server goes through here (intake, delivery, the
 * editor's test of the saved settings): the stored password is opened only with the settings it was
 * saved with (it is sealed to them, see @app/contracts' secret-binding), the server must present the host
 * key recorded for it, and the first successful sign-in records that key.
 */
import { SFTP_SECRET_NAME, type SftpSecretSettings, sftpSecretBinding } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import {
  DEFAULT_SFTP_PORT,
  SftpHostKeyMismatch,
  type SftpServerInfo,
  type SftpSession,
  type SftpSettings,
  withSftp,
} from '../../integrations/sftp';
import type { SecretBox } from '../../lib/secrets';
import {
  clearSftpHostKeyPresented,
  type InventorySourceRow,
  noteSftpHostKeyPresented,
  recordSftpHostKey,
} from './repository';

export function sealSftpSecret(secrets: SecretBox, settings: SftpSecretSettings, plain: string): string {
  return secrets.seal(plain, sftpSecretBinding(settings));
}

export type OpenedSftpSecret = { ok: true; password: string } | { ok: false; message: string };

/** The row's stored SFTP password, opened with the row's own settings; or why it cannot be used. */
export function openSftpSecret(secrets: SecretBox, source: InventorySourceRow): OpenedSftpSecret {
  if (!source.sftpPasswordEncrypted) {
    return {
      ok: false,
      message: `The inventory source "${source.sourceName}" has no saved ${SFTP_SECRET_NAME}: edit the source and enter it`,
    };
  }
  try {
    return { ok: true, password: secrets.open(source.sftpPasswordEncrypted, sftpSecretBinding(source)) };
  } catch {
    return {
      ok: false,
      message: `The saved ${SFTP_SECRET_NAME} of "${source.sourceName}" cannot be used: APP_SECRET_KEY changed, or the SFTP settings changed since it was saved. Edit the source and enter it again`,
    };
  }
}

export type SourceSftpSettings = { ok: true; settings: SftpSettings } | { ok: false; message: string };

/** The source's saved SFTP server with its stored password and recorded host key, or why it cannot be used. */
export function sourceSftpSettings(
  source: InventorySourceRow,
  secrets: SecretBox,
  config: { connectTimeoutMs: number },
): SourceSftpSettings {
  const host = source.sftpServerAddress.trim();
  if (!host) return { ok: false, message: `The inventory source "${source.sourceName}" has no SFTP server` };
  const opened = openSftpSecret(secrets, source);
  if (!opened.ok) return opened;
  return {
    ok: true,
    settings: {
      host,
      port: source.sftpPort ?? DEFAULT_SFTP_PORT,
      username: source.sftpUsername.trim(),
      password: opened.password,
      readyTimeoutMs: config.connectTimeoutMs,
      expectedHostKey: source.sftpHostKey,
    },
  };
}

/**
 * withSftp for the source's saved server (`settings` must be that server: its recorded key is checked):
 * the first successful sign-in records the server's key, the recorded key seen again settles an earlier
 * refused one, and a refused different key is noted on the source for the editor to show and accept.
 */
export async function withSourceSftp<T>(
  db: DbOrTx,
  source: InventorySourceRow,
  settings: SftpSettings,
  work: (session: SftpSession, server: SftpServerInfo) => Promise<T>,
): Promise<T> {
  const server = { sftpServerAddress: source.sftpServerAddress, sftpPort: source.sftpPort };
  try {
    return await withSftp({ ...settings, expectedHostKey: source.sftpHostKey }, async (session, info) => {
      if (source.sftpHostKey === null) await recordSftpHostKey(db, source.id, server, info.hostKey);
      else if (source.sftpHostKeyPresented !== null) await clearSftpHostKeyPresented(db, source.id, server);
      return work(session, info);
    });
  } catch (error) {
    if (error instanceof SftpHostKeyMismatch) {
      await noteSftpHostKeyPresented(db, source.id, server, error.presented);
    }
    throw error;
  }
}
