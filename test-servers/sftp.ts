/**
 * A real OpenSSH SFTP server on a loopback port, for tests of the product's SFTP settings
 * (username + password). Debian's sshd runs as a child process with its own config, host key and
 * folder, so several instances can run side by side.
 *
 * Password login needs a real system account: `inboxops-sftp` (no home, no shell) is created once per
 * machine with a random password kept in STATE_DIR, readable by root only. Setup runs under `flock`
 * so parallel test files do not race on /etc/passwd and /etc/shadow.
 *
 * `UsePAM no` works for this account: sshd then checks the shadow hash itself with crypt(3), which on
 * Debian 12 (libxcrypt) understands the yescrypt hashes that chpasswd writes. It needs root, as sshd
 * does to switch to the user; a non-root run fails with a message saying so.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const SFTP_TEST_USER = 'inboxops-sftp';
const STATE_DIR = '/var/lib/inboxops-sftp-test';
const SSHD = '/usr/sbin/sshd';
const START_TIMEOUT_MS = 10_000;

export interface SftpTestServer {
  host: '127.0.0.1';
  port: number;
  username: string;
  password: string;
  /** Absolute path of the folder the user lands in (the SFTP path '.'). */
  root: string;
  /** Writes a file under `root` (creating folders) owned by the SFTP user, so the user may move or delete it. */
  putFile(relativePath: string, content: string | Buffer): Promise<string>;
  /** Creates a folder under `root` owned by the SFTP user. */
  makeFolder(relativePath: string): Promise<string>;
  /** The server's host key fingerprint as `ssh-keygen -l -E sha256` prints it ('SHA256:…'). */
  hostKey(): Promise<string>;
  /** Stops sshd and starts it again on the same port; with newHostKey it comes back with a new host key. */
  restart(options?: { newHostKey?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

interface SftpAccount {
  password: string;
  uid: number;
  gid: number;
}

let accountPromise: Promise<SftpAccount> | undefined;

// Creates the account when missing and (re)sets its password from the state file, under a machine-wide
// lock. Every process reads the same password, so parallel servers accept the same credentials.
const ACCOUNT_SCRIPT = `
set -eu
mkdir -p -m 700 "${STATE_DIR}"
if [ ! -s "${STATE_DIR}/password" ]; then
  (umask 077; head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' > "${STATE_DIR}/password")
fi
if ! id -u ${SFTP_TEST_USER} >/dev/null 2>&1; then
  useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin ${SFTP_TEST_USER}
fi
printf '%s:%s\\n' ${SFTP_TEST_USER} "$(cat "${STATE_DIR}/password")" | chpasswd
printf '%s %s %s' "$(id -u ${SFTP_TEST_USER})" "$(id -g ${SFTP_TEST_USER})" "$(cat "${STATE_DIR}/password")"
`;

function ensureAccount(): Promise<SftpAccount> {
  accountPromise ??= (async () => {
    if (process.getuid?.() !== 0) {
      throw new Error(
        `startSftpServer needs root: sshd must run as root to log in the system user ${SFTP_TEST_USER} with a password`,
      );
    }
    const { stdout } = await run('flock', [
      `${os.tmpdir()}/inboxops-sftp-account.lock`,
      'sh',
      '-c',
      ACCOUNT_SCRIPT,
    ]);
    const [uid, gid, password] = stdout.trim().split(' ');
    if (!uid || !gid || !password) throw new Error(`could not set up the SFTP test user: ${stdout}`);
    return { uid: Number(uid), gid: Number(gid), password };
  })();
  accountPromise.catch(() => {
    accountPromise = undefined;
  });
  return accountPromise;
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function sshdConfig(dir: string, root: string, port: number): string {
  return [
    `Port ${port}`,
    'ListenAddress 127.0.0.1',
    `HostKey ${dir}/host_ed25519`,
    `PidFile ${dir}/sshd.pid`,
    'UsePAM no',
    'PasswordAuthentication yes',
    'KbdInteractiveAuthentication no',
    'PubkeyAuthentication no',
    'AuthorizedKeysFile none',
    'PermitRootLogin no',
    `AllowUsers ${SFTP_TEST_USER}`,
    // The key and folders live under a temp dir whose owner and modes sshd's strict checks dislike.
    'StrictModes no',
    'AllowTcpForwarding no',
    'X11Forwarding no',
    'PermitTTY no',
    'LoginGraceTime 20',
    'Subsystem sftp internal-sftp',
    // ChrootDirectory under /tmp is refused (world-writable parent), so the user is only started in root.
    `ForceCommand internal-sftp -d ${root}`,
    '',
  ].join('\n');
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/** Starts sshd and resolves once it listens; rejects with its log when it exits first. */
function launchSshd(configFile: string): Promise<{ child: ChildProcess; log: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(SSHD, ['-D', '-e', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    const log = () => output;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sshd did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Server listening on')) {
        clearTimeout(timer);
        resolve({ child, log });
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`sshd exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
}

export async function startSftpServer(): Promise<SftpTestServer> {
  const account = await ensureAccount();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'inboxops-sftp-'));
  // mkdtemp makes the folder 0700; the SFTP user must be able to walk through it to reach root.
  await chmod(dir, 0o755);
  const root = path.join(dir, 'root');
  await mkdir(root);
  await chown(root, account.uid, account.gid);
  const keyFile = path.join(dir, 'host_ed25519');
  const makeHostKey = async () => {
    await rm(keyFile, { force: true });
    await rm(`${keyFile}.pub`, { force: true });
    await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', keyFile]);
  };
  await makeHostKey();
  await mkdir('/run/sshd', { recursive: true, mode: 0o755 });

  const configFile = path.join(dir, 'sshd_config');
  let started: { child: ChildProcess; log: () => string } | undefined;
  let port = 0;
  // Another process may take the probed port before sshd binds it: try again with a new one.
  for (let attempt = 1; !started; attempt += 1) {
    port = await freeLoopbackPort();
    await writeFile(configFile, sshdConfig(dir, root, port));
    try {
      started = await launchSshd(configFile);
    } catch (error) {
      const portTaken = String((error as Error).message).includes('Address already in use');
      if (!portTaken || attempt >= 5) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  let { child } = started;
  running.add(child);
  const stopChild = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    }
    running.delete(child);
  };

  const ownedByUser = async (target: string) => chown(target, account.uid, account.gid);
  const makeFolder = async (relativePath: string) => {
    const target = path.join(root, relativePath);
    let current = root;
    for (const part of path.relative(root, target).split(path.sep)) {
      current = path.join(current, part);
      await mkdir(current, { recursive: true });
      await ownedByUser(current);
    }
    return target;
  };

  return {
    host: '127.0.0.1',
    port,
    username: SFTP_TEST_USER,
    password: account.password,
    root,
    makeFolder,
    async putFile(relativePath, content) {
      const target = path.join(root, relativePath);
      const folder = path.dirname(target);
      if (folder !== root) await makeFolder(path.relative(root, folder));
      await writeFile(target, content);
      await ownedByUser(target);
      return target;
    },
    async hostKey() {
      const { stdout } = await run('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${keyFile}.pub`]);
      const fingerprint = stdout.split(' ')[1];
      if (!fingerprint?.startsWith('SHA256:')) throw new Error(`unexpected ssh-keygen output: ${stdout}`);
      return fingerprint;
    },
    async restart(options = {}) {
      await stopChild();
      if (options.newHostKey) await makeHostKey();
      // The port was just released by this server; sshd binds it again with SO_REUSEADDR.
      ({ child } = await launchSshd(configFile));
      running.add(child);
    },
    async stop() {
      await stopChild();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
