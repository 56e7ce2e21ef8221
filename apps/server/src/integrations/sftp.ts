/**
 * SFTP access for inventory sources (DESIGN §5): the connection test, polling the inbound folder, moving
 * processed files aside and delivering generated files. Every failure becomes an SftpFailure whose message
 * an operator can act on, with a kind the callers can branch on.
 */
import path from 'node:path';
import SftpClient from 'ssh2-sftp-client';

export interface SftpSettings {
  host: string;
  port: number;
  username: string;
  password: string;
  /** How long to wait for the SSH handshake and login. */
  readyTimeoutMs?: number;
}

export const DEFAULT_SFTP_PORT = 22;
export const DEFAULT_SFTP_READY_TIMEOUT_MS = 10_000;

export type SftpFailureKind =
  | 'refused'
  | 'host-not-found'
  | 'timeout'
  | 'auth'
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

export interface SftpEntry {
  name: string;
  type: 'file' | 'directory' | 'other';
  size: number;
  modifiedAt: string | null;
}

export type SftpSession = SftpClient;

function describeTarget(settings: SftpSettings) {
  return `${settings.host}:${settings.port}`;
}

function errorCode(error: unknown): string | number | undefined {
  return (error as { code?: string | number } | undefined)?.code;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function connectFailure(error: unknown, settings: SftpSettings): SftpFailure {
  const code = errorCode(error);
  const text = errorText(error);
  const target = describeTarget(settings);
  const seconds = Math.round((settings.readyTimeoutMs ?? DEFAULT_SFTP_READY_TIMEOUT_MS) / 1000);
  if (code === 'ECONNREFUSED')
    return new SftpFailure(
      'refused',
      `Connection refused by ${target}: check the server address and port, and that the SFTP server is running`,
      { cause: error },
    );
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new SftpFailure(
      'host-not-found',
      `The SFTP server "${settings.host}" was not found (DNS lookup failed)`,
      {
        cause: error,
      },
    );
  if (code === 'ETIMEDOUT' || /timed out/i.test(text))
    return new SftpFailure('timeout', `No answer from ${target} within ${seconds} seconds`, { cause: error });
  if (/authentication methods failed/i.test(text))
    return new SftpFailure(
      'auth',
      `Login failed for user "${settings.username}" on ${target}: check the username and password`,
      { cause: error },
    );
  if (code === 'ECONNRESET')
    return new SftpFailure('other', `${target} closed the connection during the SSH handshake`, {
      cause: error,
    });
  return new SftpFailure('other', `Could not connect to ${target}: ${text}`, { cause: error });
}

/** Maps an error of a file operation (SFTP status codes 2 and 3) to an SftpFailure naming the path. */
function operationFailure(error: unknown, action: string, remotePath: string): SftpFailure {
  if (error instanceof SftpFailure) return error;
  const code = errorCode(error);
  const text = errorText(error);
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
 * Opens a connection, runs `work`, and always closes the connection. Password login is offered as both
 * "password" and "keyboard-interactive", since many servers (PAM) accept only the latter.
 */
export async function withSftp<T>(
  settings: SftpSettings,
  work: (session: SftpSession) => Promise<T>,
): Promise<T> {
  const client = new SftpClient('inbox-ops', QUIET_LISTENERS);
  client.on('keyboard-interactive', (_name, _instructions, _lang, prompts: unknown[], finish) => {
    finish(prompts.map(() => settings.password));
  });
  try {
    await client.connect({
      host: settings.host,
      port: settings.port,
      username: settings.username,
      password: settings.password,
      tryKeyboard: true,
      readyTimeout: settings.readyTimeoutMs ?? DEFAULT_SFTP_READY_TIMEOUT_MS,
    });
  } catch (error) {
    await client.end().catch(() => false);
    throw connectFailure(error, settings);
  }
  try {
    return await work(client);
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
  fileName: string,
  content: Buffer,
): Promise<string> {
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
