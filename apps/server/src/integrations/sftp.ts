/**
 * SFTP access for inventory sources (docs/behaviour/sources.md#sftp-settings): the connection test, polling the inbound folder, moving
 * processed files aside and delivering generated files. Every failure becomes an SftpFailure whose message
 * an operator can act on, with a kind the callers can branch on. Connection failures use the fixed words
 * of connection-failure.ts (never the remote side's banner), and the server's host key is checked against
 * the one recorded for it before the password is sent.
 */
import { createHash } from 'node:crypto';
import { type Socket, connect as tcpConnect } from 'node:net';
import path from 'node:path';
import { DEFAULT_PORTS } from '@app/contracts';
import type SftpClient from 'ssh2-sftp-client';
import { errorMessage } from '../lib/error-message';
import { cleanFileName } from '../lib/file-names';
import { classifyConnectionError, describeConnectionFailure } from './connection-failure';

export interface SftpSettings {
  host: string;
  port: number;
  username: string;
  password: string;
  /** How long to wait for the connection, the SSH handshake and the login. */
  readyTimeoutMs?: number;
  /**
   * The host key recorded for this server (SHA256 fingerprint). A different key is refused before the
   * password is sent; null: none recorded yet, so any key is accepted (and handed to `work`).
   */
  expectedHostKey: string | null;
}

export const DEFAULT_SFTP_PORT = DEFAULT_PORTS.sftp;
export const DEFAULT_SFTP_READY_TIMEOUT_MS = 15_000;

export type SftpFailureKind =
  | 'refused'
  | 'host-not-found'
  | 'timeout'
  | 'auth'
  | 'host-key'
  | 'not-found'
  | 'permission'
  | 'other';

export class SftpFailure extends Error {
  constructor(
    readonly kind: SftpFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The server presented another host key than the recorded one: nothing was sent to it. */
export class SftpHostKeyMismatch extends SftpFailure {
  constructor(
    readonly target: string,
    readonly presented: string,
    readonly expected: string,
  ) {
    super(
      'host-key',
      `The SFTP server ${target} presented the host key ${presented}, but the key recorded for it is ${expected}. The connection was refused and the password was not sent. If the server was reinstalled or its key replaced, confirm the new key with its administrator, then accept it in the inventory source editor.`,
    );
  }
}

export interface SftpEntry {
  name: string;
  type: 'file' | 'directory' | 'other';
  size: number;
  modifiedAt: string | null;
}

export type SftpSession = SftpClient;

/** What the connection learnt about the server. */
export interface SftpServerInfo {
  /** The server's host key as OpenSSH prints it: 'SHA256:' and the unpadded base64 of its SHA-256. */
  hostKey: string;
}

export function hostKeyFingerprint(keyBlob: Buffer): string {
  return `SHA256:${createHash('sha256').update(keyBlob).digest('base64').replace(/=+$/, '')}`;
}

function errorCode(error: unknown): string | number | undefined {
  return (error as { code?: string | number } | undefined)?.code;
}

function connectFailure(
  error: unknown,
  settings: SftpSettings,
  seen: { spoke: boolean; sshIdent: boolean },
): SftpFailure {
  const target = `${settings.host}:${settings.port}`;
  let failure = classifyConnectionError(error);
  // ssh2 drops the error's level on the way through ssh2-sftp-client; its message is ours, not the server's.
  if (/authentication methods failed/i.test(errorMessage(error))) failure = { kind: 'auth' };
  // Bytes came, but no SSH identification line: something else answers on that port.
  if ((failure.kind === 'timeout' || failure.kind === 'closed') && seen.spoke && !seen.sshIdent) {
    failure = { kind: 'not-the-protocol' };
  }
  const message = describeConnectionFailure(failure, {
    protocol: 'SSH',
    where: target,
    user: `"${settings.username}"`,
    timeoutSeconds: (settings.readyTimeoutMs ?? DEFAULT_SFTP_READY_TIMEOUT_MS) / 1000,
  });
  const kinds: Partial<Record<string, SftpFailureKind>> = {
    refused: 'refused',
    'host-not-found': 'host-not-found',
    timeout: 'timeout',
    auth: 'auth',
  };
  return new SftpFailure(kinds[failure.kind] ?? 'other', message, { cause: error });
}

/** Maps an error of a file operation (SFTP status codes 2 and 3) to an SftpFailure naming the path. */
function operationFailure(error: unknown, action: string, remotePath: string): SftpFailure {
  if (error instanceof SftpFailure) return error;
  const code = errorCode(error);
  const text = errorMessage(error);
  if (code === 2 || /no such file/i.test(text))
    return new SftpFailure('not-found', `"${remotePath}" was not found on the SFTP server`, { cause: error });
  if (code === 3 || /permission denied/i.test(text))
    return new SftpFailure('permission', `Permission denied to ${action} "${remotePath}"`, { cause: error });
  return new SftpFailure('other', `Could not ${action} "${remotePath}": ${text}`, { cause: error });
}

// ssh2-sftp-client logs connection events to the console unless given listeners; failures already reach
// the caller as rejected promises.
const QUIET_LISTENERS = { error: () => {}, end: () => {}, close: () => {} };

/**
 * Opens a connection, checks the host key, signs in, runs `work`, and always closes the connection.
 * Password login is offered as both "password" and "keyboard-interactive", since many servers (PAM)
 * accept only the latter.
 */
export async function withSftp<T>(
  settings: SftpSettings,
  work: (session: SftpSession, server: SftpServerInfo) => Promise<T>,
): Promise<T> {
  // Imported on the first connection, not at start-up (docs/decisions/0013-lazy-start-up.md).
  const { default: Client } = await import('ssh2-sftp-client');
  const client = new Client('inbox-ops', QUIET_LISTENERS);
  client.on('keyboard-interactive', (_name, _instructions, _lang, prompts: unknown[], finish) => {
    finish(prompts.map(() => settings.password));
  });
  const target = `${settings.host}:${settings.port}`;
  let presented: string | undefined;
  // Our own socket, so that a port where something else than SSH answers can be told from silence.
  const socket: Socket = tcpConnect({ host: settings.host, port: settings.port });
  const seen = {
    get spoke() {
      return socket.bytesRead > 0;
    },
    sshIdent: false,
  };
  try {
    await client.connect({
      sock: socket,
      username: settings.username,
      password: settings.password,
      tryKeyboard: true,
      readyTimeout: settings.readyTimeoutMs ?? DEFAULT_SFTP_READY_TIMEOUT_MS,
      debug: (line: string) => {
        if (line.startsWith('Remote ident')) seen.sshIdent = true;
      },
      // Runs before any authentication: a server with another key never sees the password.
      hostVerifier: (key: Buffer) => {
        presented = hostKeyFingerprint(key);
        return settings.expectedHostKey === null || presented === settings.expectedHostKey;
      },
    });
  } catch (error) {
    await client.end().catch(() => false);
    socket.destroy();
    if (presented && settings.expectedHostKey !== null && presented !== settings.expectedHostKey) {
      throw new SftpHostKeyMismatch(target, presented, settings.expectedHostKey);
    }
    throw connectFailure(error, settings, seen);
  }
  try {
    return await work(client, { hostKey: presented ?? '' });
  } finally {
    await client.end().catch(() => false);
  }
}

/** The absolute path the server gives a folder ('.' is where the user lands). */
export async function resolveFolder(session: SftpSession, folder: string): Promise<string> {
  try {
    return await session.realPath(folder || '.');
  } catch (error) {
    throw operationFailure(error, 'open folder', folder);
  }
}

/** The folder's entries, sorted by name. */
export async function listFolder(session: SftpSession, folder: string): Promise<SftpEntry[]> {
  try {
    const entries = await session.list(folder || '.');
    return entries
      .map((entry) => ({
        name: entry.name,
        type:
          entry.type === 'd'
            ? ('directory' as const)
            : entry.type === '-'
              ? ('file' as const)
              : ('other' as const),
        size: entry.size,
        modifiedAt: entry.modifyTime ? new Date(entry.modifyTime).toISOString() : null,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  } catch (error) {
    throw operationFailure(error, 'list folder', folder || '.');
  }
}

export async function downloadFile(session: SftpSession, remotePath: string): Promise<Buffer> {
  try {
    const content = await session.get(remotePath);
    if (!Buffer.isBuffer(content)) throw new Error('the server did not return file content');
    return content;
  } catch (error) {
    throw operationFailure(error, 'download', remotePath);
  }
}

async function ensureFolder(session: SftpSession, folder: string) {
  if (folder === '' || folder === '.') return;
  try {
    if ((await session.exists(folder)) === 'd') return;
    await session.mkdir(folder, true);
  } catch (error) {
    // Another connection (a second poll of the source, another worker) created it between the check and
    // the mkdir: SFTP answers a plain "Failure" for an existing folder, which is no failure here.
    if ((await session.exists(folder).catch(() => false)) === 'd') return;
    throw operationFailure(error, 'create folder', folder);
  }
}

/**
 * Renames over an existing file: OpenSSH's posix-rename does that atomically; plain SFTP rename refuses
 * an existing target, so the fallback removes it first.
 */
async function replaceFile(session: SftpSession, fromPath: string, toPath: string) {
  try {
    await session.posixRename(fromPath, toPath);
  } catch {
    if (await session.exists(toPath)) await session.delete(toPath);
    await session.rename(fromPath, toPath);
  }
}

/**
 * Uploads `content` as `folder/fileName`, replacing a file of that name. The bytes go to a temporary
 * name first, so a reader on the other side never picks up a half-written file.
 */
export async function uploadFile(
  session: SftpSession,
  folder: string,
  name: string,
  content: Buffer,
): Promise<string> {
  // The remote name is ours to choose: never a folder, a hidden file or a control character.
  const fileName = cleanFileName(name, 'upload');
  const target = path.posix.join(folder || '.', fileName);
  const partial = path.posix.join(folder || '.', `.${fileName}.partial`);
  await ensureFolder(session, folder);
  try {
    await session.put(content, partial);
    await replaceFile(session, partial, target);
    return target;
  } catch (error) {
    await session.delete(partial, true).catch(() => '');
    throw operationFailure(error, 'upload', target);
  }
}

/**
 * Moves a file into `toFolder` (created when missing), keeping its name; when that name is taken there,
 * a timestamp is added so that no earlier file is ever overwritten. Returns the new path.
 */
export async function moveFile(session: SftpSession, fromPath: string, toFolder: string): Promise<string> {
  await ensureFolder(session, toFolder);
  const fileName = path.posix.basename(fromPath);
  let target = path.posix.join(toFolder, fileName);
  try {
    if (await session.exists(target)) {
      const { name, ext } = path.posix.parse(fileName);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      target = path.posix.join(toFolder, `${name}.${stamp}${ext}`);
    }
    await session.rename(fromPath, target);
    return target;
  } catch (error) {
    throw operationFailure(error, 'move', fromPath);
  }
}
