import { DEFAULT_SFTP_PORT, type SftpSettings } from '../../integrations/sftp';
import type { SecretBox } from '../../lib/secrets';
import type { InventorySourceRow } from '../inventory-sources/repository';

export type SourceSftpSettings = { ok: true; settings: SftpSettings } | { ok: false; message: string };

/** The source's SFTP server with its decrypted password, or why it cannot be used. */
export function sourceSftpSettings(source: InventorySourceRow, secrets: SecretBox): SourceSftpSettings {
  const host = source.sftpServerAddress.trim();
  if (!host) return { ok: false, message: `The inventory source "${source.sourceName}" has no SFTP server` };
  if (!source.sftpPasswordEncrypted) {
    return {
      ok: false,
      message: `The inventory source "${source.sourceName}" has no saved SFTP password: edit the source and enter it`,
    };
  }
  let password: string;
  try {
    password = secrets.decrypt(source.sftpPasswordEncrypted);
  } catch {
    // Only a changed APP_SECRET_KEY makes a stored secret unreadable; re-entering it is the way out.
    return {
      ok: false,
      message: `The saved SFTP password of "${source.sourceName}" cannot be read (was APP_SECRET_KEY changed?): edit the source and enter it again`,
    };
  }
  return {
    ok: true,
    settings: {
      host,
      port: source.sftpPort ?? DEFAULT_SFTP_PORT,
      username: source.sftpUsername.trim(),
      password,
    },
  };
}

/** A folder setting in one spelling: '', '.' and './' are '.'; 'x/' and './x' are 'x'; '/' stays '/'. */
export function normaliseFolder(folder: string): string {
  const trimmed = folder.trim();
  if (/^\/+$/.test(trimmed)) return '/';
  const cleaned = trimmed.replace(/\/+$/, '').replace(/^(\.\/)+/, '');
  return cleaned === '' ? '.' : cleaned;
}
