import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

export interface DovecotUser {
  user: string;
  password: string;
}

export interface DovecotServer {
  host: '127.0.0.1';
  port: number;
  /** The instance's own folder: config, users file, logs, mail. */
  dir: string;
  /** Delivers a message into the user's INBOX (an IMAP APPEND as that user) and returns its UID. */
  appendMessage(user: string, rawMime: string | Buffer, mailbox?: string): Promise<number | undefined>;
  /** A signed-in IMAP client of the user, for a run of commands (the caller logs out). */
  connect(user: string): Promise<ImapFlow>;
  /** Changes the UIDVALIDITY of the user's mailbox, as a rebuilt or migrated mailbox on a real server would. */
  setUidValidity(user: string, uidValidity: number, mailbox?: string): void;
  /** Dovecot's own log, for a failing test's message. */
  log(): string;
  /** Stops the server but keeps its folder: connections are refused until `resume` (an outage). */
  pause(): Promise<void>;
  /** Starts the paused server again, on the same port with the same mail. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 15_000;
// /usr/sbin is not on every user's PATH; Debian's package puts the binary there.
const DOVECOT_BINARY = existsSync('/usr/sbin/dovecot') ? '/usr/sbin/dovecot' : 'dovecot';

/**
 * A real Dovecot IMAP server on a loopback port, in a fresh temp folder, so several can run at once.
 * Plain IMAP only (no TLS) with PLAIN passwords: the tests check what our client does, not Dovecot's TLS.
 */
export async function startDovecot(options: {
  users: DovecotUser[];
  /**
   * Also sign in with OAuth 2.0 access tokens (XOAUTH2, OAUTHBEARER): Dovecot's oauth2 passdb asks this
   * introspection endpoint (RFC 7662, test-servers/oauth-provider.ts) whether each token is live and whose.
   */
  oauth2?: { introspectionUrl: string };
}): Promise<DovecotServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dovecot-'));
  // Dovecot's login, auth and imap processes run as other users and must reach the config, users and mail.
  chmodSync(dir, 0o755);
  const mailOwner = mailOwnerAccount();
  const mailDir = path.join(dir, 'mail');
  mkdirSync(mailDir);
  if (mailOwner.uid !== undefined) chownSync(mailDir, mailOwner.uid, mailOwner.gid);
  writeFileSync(
    path.join(dir, 'users'),
    options.users.map((u) => `${u.user}:{PLAIN}${u.password}\n`).join(''),
    {
      mode: 0o644,
    },
  );

  let lastError: Error | undefined;
  // A port picked free can be taken before Dovecot binds it; a second pick almost always succeeds.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freeLoopbackPort();
    writeFileSync(path.join(dir, 'dovecot.conf'), dovecotConfig(dir, port, mailOwner, options.oauth2));
    if (options.oauth2) {
      writeFileSync(path.join(dir, 'oauth2.conf.ext'), oauth2Config(options.oauth2.introspectionUrl), {
        mode: 0o644,
      });
    }
    try {
      const started = await spawnDovecot(dir, port);
      return running(dir, port, started, options.users);
    } catch (error) {
      lastError = error as Error;
    }
  }
  rmSync(dir, { recursive: true, force: true });
  throw lastError ?? new Error('Dovecot did not start');
}

interface StartedDovecot {
  child: ChildProcess;
  killOnExit: () => void;
}

/** Starts Dovecot on the folder's config and waits for its greeting; a failed start leaves nothing running. */
async function spawnDovecot(dir: string, port: number): Promise<StartedDovecot> {
  // A process group of its own: stopping the server ends its IMAP sessions too, which outlive the master.
  const child = spawn(DOVECOT_BINARY, ['-F', '-c', path.join(dir, 'dovecot.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: Buffer[] = [];
  child.once('error', (error) => {
    output.push(Buffer.from(`${error.message} (is Dovecot installed? apt-get install dovecot-imapd)`));
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const killOnExit = () => child.kill('SIGKILL');
  // A crashed test run must not leave Dovecot behind holding the port.
  process.once('exit', killOnExit);
  try {
    await waitForGreeting(port, child, () => `${Buffer.concat(output).toString()}\n${readLog(dir)}`);
    return { child, killOnExit };
  } catch (error) {
    process.off('exit', killOnExit);
    await stopChild(child);
    throw error;
  }
}

function running(dir: string, port: number, first: StartedDovecot, users: DovecotUser[]): DovecotServer {
  let current: StartedDovecot | undefined = first;
  const halt = async () => {
    if (!current) return;
    const { child, killOnExit } = current;
    current = undefined;
    process.off('exit', killOnExit);
    await stopChild(child);
    // The sessions still open (a poll in the middle of a mailbox) go with it: the server is gone.
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group has ended already.
      }
    }
  };
  const connect = async (user: string): Promise<ImapFlow> => {
    const account = users.find((candidate) => candidate.user === user);
    if (!account) throw new Error(`No Dovecot user ${user}`);
    const client = new ImapFlow({
      host: HOST,
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: account.user, pass: account.password },
      logger: false,
    });
    client.on('error', () => {});
    await client.connect();
    return client;
  };
  return {
    host: HOST,
    port,
    dir,
    log: () => readLog(dir),
    connect,
    setUidValidity(user, uidValidity, mailbox = 'INBOX') {
      execFileSync('doveadm', [
        '-c',
        path.join(dir, 'dovecot.conf'),
        'mailbox',
        'update',
        '-u',
        user,
        '--uid-validity',
        String(uidValidity),
        mailbox,
      ]);
    },
    async appendMessage(user, rawMime, mailbox = 'INBOX') {
      const client = await connect(user);
      try {
        const result = await client.append(mailbox, rawMime);
        return result ? result.uid : undefined;
      } finally {
        await client.logout();
      }
    },
    pause: halt,
    async resume() {
      if (current) return;
      // The port was free a moment ago; another process taking it meanwhile fails the start loudly.
      current = await spawnDovecot(dir, port);
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Dovecot 2.3's oauth2 passdb: every token is introspected, and only an active one of the user signs in. */
function oauth2Config(introspectionUrl: string): string {
  return `introspection_mode = post
introspection_url = ${introspectionUrl}
force_introspection = yes
username_attribute = username
active_attribute = active
active_value = true
`;
}

function dovecotConfig(
  dir: string,
  port: number,
  owner: MailOwner,
  oauth2: { introspectionUrl: string } | undefined,
): string {
  // Not root: every Dovecot process runs as the current user, and none can chroot.
  const unprivileged = owner.uid === undefined;
  const processUsers = unprivileged
    ? `default_login_user = ${owner.user}\ndefault_internal_user = ${owner.user}\ndefault_internal_group = ${owner.group}\n`
    : '';
  const noChroot = unprivileged ? '  chroot =\n' : '';
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = ${HOST}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth2 ? ' xoauth2 oauthbearer' : ''}
# Tests try wrong passwords on purpose: no failure delay, and no growing per-address penalty (the anvil
# socket below is unusable), or every later login in the run would wait up to 15 s.
auth_failure_delay = 0
first_valid_uid = 1
mail_location = maildir:~/Maildir
${processUsers}passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
  mechanisms = plain login
}
${
  oauth2
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf.ext
}
`
    : ''
}
# allow_all_users: doveadm's user lookups (setUidValidity) would otherwise ask the passdbs, which answer only
# for their sign-in mechanisms once those are restricted.
userdb {
  driver = static
  args = uid=${owner.user} gid=${owner.group} home=${dir}/mail/%u allow_all_users=yes
}
service anvil {
${noChroot}  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service imap-login {
${noChroot}  inet_listener imap {
    address = ${HOST}
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
}

interface MailOwner {
  user: string;
  group: string;
  /** Set when running as root: the mail folder is handed to this account. */
  uid: number | undefined;
  gid: number;
}

/** As root the mailboxes belong to `nobody`; otherwise to the current user, the only one we can become. */
function mailOwnerAccount(): MailOwner {
  const me = userInfo();
  if (me.uid !== 0) {
    return { user: me.username, group: groupName(me.gid) ?? String(me.gid), uid: undefined, gid: me.gid };
  }
  const nobody = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === 'nobody');
  if (!nobody) throw new Error('The system has no "nobody" user for the Dovecot mail folder');
  const gid = Number(nobody[3]);
  return { user: 'nobody', group: groupName(gid) ?? 'nogroup', uid: Number(nobody[2]), gid };
}

function groupName(gid: number): string | undefined {
  return readFileSync('/etc/group', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[2] === String(gid))?.[0];
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once the server answers with an IMAP greeting; rejects with Dovecot's output if it exits. */
async function waitForGreeting(port: number, child: ChildProcess, diagnostics: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    // A binary that could not be started has no pid and never exits.
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined)
      throw new Error(`Dovecot could not start or stopped during start-up:\n${diagnostics()}`);
    if (await greets(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `Dovecot did not answer on ${HOST}:${port} within ${START_TIMEOUT_MS} ms:\n${diagnostics()}`,
  );
}

function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket: Socket = tcpConnect({ host: HOST, port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    // A login process that dies hangs up without a word: that is "not ready yet" too.
    socket.once('close', () => done(false));
    socket.once('data', (chunk: Buffer) => done(chunk.toString().startsWith('* OK')));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(forced);
}

function readLog(dir: string): string {
  try {
    return readFileSync(path.join(dir, 'dovecot.log'), 'utf8');
  } catch {
    return '';
  }
}
