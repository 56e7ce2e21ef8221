/**
 * Backups of the embedded PGlite database (docs/decisions/0010-backups-of-the-embedded-database.md).
 *
 * Only one process may open a PGlite data directory, so a backup of a running server is taken by that
 * server: it listens on a Unix socket in DATA_DIR (`backup.sock`, mode 0600: whoever may read DATA_DIR may
 * read the database anyway), and `npm run backup` asks it there. With no server running, the backup
 * command opens the database itself. The socket also keeps a second server from opening a data directory
 * that one already has open.
 *
 * A backup file: one header line (`inbox-ops-backup 1 {json}`) and PGlite's gzipped data-directory tarball.
 * The JSON names the secret key: the key itself when it lives in DATA_DIR/secret.key (a restore then
 * needs nothing else), or only its fingerprint when it comes from APP_SECRET_KEY (keep that value beside
 * the backup: without it, stored passwords cannot be opened).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

const MAGIC = 'inbox-ops-backup 1 ';

export interface BackupHeader {
  createdAt: string;
  /** The key itself, when it was DATA_DIR/secret.key; absent when it came from APP_SECRET_KEY. */
  secretKey?: string;
  secretKeySource: 'data-dir' | 'APP_SECRET_KEY';
  /** sha256 of the key, first 16 hex digits: tells which key the stored secrets need. */
  secretKeyFingerprint: string;
}

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'backup.sock');
}

export function keyFingerprint(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** Where the running process's key came from: the file in DATA_DIR, or the environment. */
export function describeKey(dataDir: string, secretKey: string): Omit<BackupHeader, 'createdAt'> {
  const file = path.join(dataDir, 'secret.key');
  const fromFile = existsSync(file) && readFileSync(file, 'utf8').trim() === secretKey;
  return fromFile
    ? { secretKey, secretKeySource: 'data-dir', secretKeyFingerprint: keyFingerprint(secretKey) }
    : { secretKeySource: 'APP_SECRET_KEY', secretKeyFingerprint: keyFingerprint(secretKey) };
}

/**
 * PGlite's dump runs between two statements, never inside one: a crash-consistent copy, which PostgreSQL's
 * WAL recovery brings back to the last commit when it is opened, as after a power cut.
 */
export async function createBackup(pglite: PGlite, key: Omit<BackupHeader, 'createdAt'>): Promise<Buffer> {
  const tarball = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
  const header: BackupHeader = { createdAt: new Date().toISOString(), ...key };
  return Buffer.concat([Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`), tarball]);
}

export function readBackup(file: Buffer): { header: BackupHeader; tarball: Buffer } {
  const newline = file.indexOf(0x0a);
  const first = newline > 0 ? file.subarray(0, newline).toString('utf8') : '';
  if (!first.startsWith(MAGIC)) throw new Error('This file is not an inbox-ops backup.');
  return {
    header: JSON.parse(first.slice(MAGIC.length)) as BackupHeader,
    tarball: file.subarray(newline + 1),
  };
}

/**
 * The running server's side. Refuses to start when another live process already answers on the socket
 * (two processes on one PGlite directory would corrupt it); a socket left by a killed process is replaced.
 */
export async function listenForBackups(
  dataDir: string,
  backup: () => Promise<Buffer>,
  log: { error(obj: object, msg: string): void },
): Promise<Server> {
  const socketPath = backupSocketPath(dataDir);
  if (existsSync(socketPath)) {
    if (await answers(socketPath, 'ping')) {
      throw new Error(
        `Another inbox-ops process has the database in ${dataDir} open (it answers on ${socketPath}). ` +
          'The embedded database allows one process; use PostgreSQL (DATABASE_URL) to run several.',
      );
    }
    unlinkSync(socketPath);
  }
  const server = createServer((socket) => {
    socket.once('data', (request) => {
      if (request.toString() !== 'backup') {
        socket.end('pong');
        return;
      }
      backup()
        .then((bytes) => socket.end(bytes))
        .catch((error) => {
          log.error({ err: error }, 'backup failed');
          socket.destroy();
        });
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Created owner-only: the socket hands out the whole database.
    const umask = process.umask(0o177);
    server.listen(socketPath, () => {
      process.umask(umask);
      resolve();
    });
  });
  return server;
}

/** Asks a running server for a backup; undefined when none answers on the socket. */
export async function requestBackup(dataDir: string): Promise<Buffer | undefined> {
  return answers(backupSocketPath(dataDir), 'backup');
}

function answers(socketPath: string, request: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      socket.write(request);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ECONNREFUSED' || error.code === 'ENOENT')) resolve(undefined);
      else reject(error);
    });
    socket.on('close', () => {
      if (connected && chunks.length === 0) reject(new Error('The server closed the backup connection.'));
    });
  });
}
