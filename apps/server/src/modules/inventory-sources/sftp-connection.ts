/**
 * Every connection to an inventory source's SFTP server goes through here (intake, delivery, the editor's
 * connection test): the stored password is opened only with the settings it was saved with (it is sealed to
 * them, see @app/contracts' secret-binding), the saved server must present the host key recorded for it, the
 * first successful sign-in records that key, and a changed key is trusted only as the editor was shown it.
 */
import {
  SFTP_SECRET_NAME,
  type SftpConnectionTestResult,
  type SftpSecretSettings,
  sftpSecretBinding,
  type TSftpConnectionTest,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import {
  DEFAULT_SFTP_PORT,
  listFolder,
  resolveFolder,
  SftpFailure,
  SftpHostKeyMismatch,
  type SftpServerInfo,
  type SftpSession,
  type SftpSettings,
  withSftp,
} from '../../integrations/sftp';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secrets';
import {
  clearSftpHostKeyPresented,
  type InventorySourceRow,
  type InventorySourceValues,
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

/** A busy inbound folder can hold thousands of files; the editor only needs a glimpse. */
const SFTP_TEST_MAX_ENTRIES = 200;

function passwordForTest(
  secrets: SecretBox,
  input: TSftpConnectionTest,
  saved: InventorySourceRow | undefined,
): string {
  if (input.sftpPassword !== '') return input.sftpPassword;
  if (!saved?.sftpPasswordEncrypted) {
    throw AppError.badRequest('Enter the SFTP password: none is stored for this source yet', {
      sftpPassword: 'Enter the SFTP password',
    });
  }
  const opened = openSftpSecret(secrets, saved);
  if (!opened.ok)
    throw AppError.badRequest(opened.message, { sftpPassword: 'Enter the SFTP password again' });
  return opened.password;
}

function folderFailureMessage(failure: SftpFailure, connectedAs: string, folder: string): string {
  if (failure.kind === 'not-found') return `${connectedAs}, but the folder "${folder}" does not exist`;
  if (failure.kind === 'permission') return `${connectedAs}, but may not read the folder "${folder}"`;
  return `${connectedAs}, but the folder "${folder}" could not be listed`;
}

/**
 * Logs in with the SFTP card's current values and lists the inbound folder. Connection problems are an
 * answer (ok false with the reason), not an error of this call. On the saved server (`saved`) the recorded
 * host key must match (the first successful test records it); elsewhere the key is only shown.
 */
export async function trySftpLogin(
  db: DbOrTx,
  secrets: SecretBox,
  config: { connectTimeoutMs: number },
  input: TSftpConnectionTest,
  saved: InventorySourceRow | undefined,
): Promise<SftpConnectionTestResult> {
  const settings: SftpSettings = {
    host: input.sftpServerAddress,
    port: input.sftpPort ?? DEFAULT_SFTP_PORT,
    username: input.sftpUsername,
    password: passwordForTest(secrets, input, saved),
    readyTimeoutMs: config.connectTimeoutMs,
    expectedHostKey: saved?.sftpHostKey ?? null,
  };
  const folder = input.sftpInboundFolder || '.';
  const connectedAs = `Connected to ${settings.host}:${settings.port} as ${settings.username}`;
  const recordedHostKey = saved?.sftpHostKey ?? null;
  let hostKey: string | null = null;
  const listInbound = async (session: SftpSession, server: SftpServerInfo) => {
    hostKey = server.hostKey;
    const resolved = await resolveFolder(session, folder);
    const entries = await listFolder(session, resolved);
    const count = `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`;
    return { message: `${connectedAs}; ${count} in ${resolved}`, folder: resolved, entries };
  };
  const status = (): SftpConnectionTestResult['hostKeyStatus'] => {
    if (hostKey === null) return null;
    if (!saved) return 'not-recorded';
    return recordedHostKey === null ? 'recorded' : 'trusted';
  };
  try {
    const listed = saved
      ? await withSourceSftp(db, saved, settings, listInbound)
      : await withSftp(settings, listInbound);
    return {
      ok: true,
      message: listed.message,
      hostKey,
      hostKeyStatus: status(),
      recordedHostKey: hostKey !== null && saved ? (recordedHostKey ?? hostKey) : null,
      folder: listed.folder,
      entries: listed.entries.slice(0, SFTP_TEST_MAX_ENTRIES),
    };
  } catch (error) {
    if (error instanceof SftpHostKeyMismatch) {
      return {
        ok: false,
        message: error.message,
        hostKey: error.presented,
        hostKeyStatus: 'changed',
        recordedHostKey: error.expected,
        folder,
        entries: [],
      };
    }
    if (!(error instanceof SftpFailure)) throw error;
    const message = hostKey !== null ? folderFailureMessage(error, connectedAs, folder) : error.message;
    return { ok: false, message, hostKey, hostKeyStatus: status(), recordedHostKey, folder, entries: [] };
  }
}

/**
 * The source's values once `fingerprint` is trusted, or undefined when it already is. Only the key a
 * refused connection noted can be accepted: a key that changed again since needs another look.
 */
export function hostKeyAcceptance(
  source: InventorySourceRow,
  fingerprint: string,
): Partial<InventorySourceValues> | undefined {
  if (source.sftpHostKey === fingerprint) return undefined;
  if (source.sftpHostKeyPresented !== fingerprint) {
    const message =
      source.sftpHostKeyPresented === null
        ? 'The SFTP server has not presented this key: test the connection first.'
        : `The SFTP server now presents ${source.sftpHostKeyPresented}, not ${fingerprint}: check that key before accepting it.`;
    throw AppError.conflict(message, { fingerprint: message });
  }
  return {
    sftpHostKey: fingerprint,
    sftpHostKeyRecordedAt: new Date(),
    sftpHostKeyPresented: null,
    sftpHostKeyPresentedAt: null,
  };
}
