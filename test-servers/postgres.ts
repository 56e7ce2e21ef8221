/**
 * A PostgreSQL server of the harness's own, for the tests and the soak run that stop, restart and cut off the
 * database (docs/behaviour/operations.md#what-the-product-survives): Debian's initdb and pg_ctl into a fresh
 * temporary folder, on a free loopback port, trust authentication, no fsync (nothing here must survive a
 * power cut). The machine's shared server on 5432 is never touched: faults happen only to this one.
 *
 * As root the server runs as the `postgres` account (PostgreSQL refuses to run as root); otherwise as the
 * current user.
 *
 * Also a TCP proxy of its own between the processes and the server, which can cut the network: stop
 * forwarding and either hold every socket open (a partition: nothing arrives, nothing closes, and what was
 * written flows on when it heals) or destroy them (a reset: every connection dies at once), then restore.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const HOST = '127.0.0.1';
const run = promisify(execFile);

export interface HarnessPostgres {
  host: '127.0.0.1';
  port: number;
  /** The server's own folder: data directory, socket directory, log. */
  dir: string;
  /** postgres://postgres@127.0.0.1:<port>/<database> (trust authentication: no password). */
  url(database?: string): string;
  /** Whether the server is running (between start and stop). */
  readonly running: boolean;
  /** A fast shutdown (`pg_ctl stop -m fast`): sessions are ended, transactions in flight roll back. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data, once it accepts connections. */
  start(): Promise<void>;
  restart(): Promise<void>;
  /** The server's log, for a failing test's message. */
  log(): string;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

/** Debian's binaries: /usr/lib/postgresql/<major>/bin, the newest installed. */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((entry) => existsSync(path.join(root, entry, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length === 0) {
    throw new Error('No PostgreSQL server binaries in /usr/lib/postgresql (apt-get install postgresql)');
  }
  return path.join(root, majors[0]!, 'bin');
}

interface Account {
  uid: number | undefined;
  gid: number | undefined;
}

/** Root cannot run PostgreSQL: the `postgres` account Debian's package creates does. */
function serverAccount(): Account {
  if (userInfo().uid !== 0) return { uid: undefined, gid: undefined };
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === 'postgres');
  if (!entry) throw new Error('Running as root and there is no "postgres" account to run PostgreSQL as');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

export async function startHarnessPostgres(): Promise<HarnessPostgres> {
  const bin = postgresBinDir();
  const account = serverAccount();
  const dir = mkdtempSync(path.join(tmpdir(), 'harness-postgres-'));
  const dataDir = path.join(dir, 'data');
  const socketDir = path.join(dir, 'socket');
  const logFile = path.join(dir, 'postgres.log');
  mkdirSync(socketDir);
  if (account.uid !== undefined) {
    chownSync(dir, account.uid, account.gid!);
    chownSync(socketDir, account.uid, account.gid!);
  }
  const as = account.uid !== undefined ? { uid: account.uid, gid: account.gid! } : {};
  // HOME and cwd of the server's account: initdb and pg_ctl change into no folder the account cannot read.
  const env = { PATH: process.env.PATH ?? '', LC_ALL: 'C.UTF-8', PGTZ: 'UTC' };
  await run(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions'],
    { ...as, env, cwd: dir },
  );

  let port = 0;
  let running = false;
  let child: ChildProcess | undefined;
  const pgCtl = (args: string[]) => run(path.join(bin, 'pg_ctl'), args, { ...as, env, cwd: dir });
  const start = async () => {
    // -w: pg_ctl returns once the server accepts connections.
    await pgCtl([
      'start',
      '-w',
      '-t',
      '60',
      '-D',
      dataDir,
      '-l',
      logFile,
      '-o',
      `-p ${port} -k ${socketDir} -c listen_addresses=${HOST} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    ]);
    running = true;
  };
  const stop = async () => {
    if (!running) return;
    await pgCtl(['stop', '-w', '-t', '60', '-m', 'fast', '-D', dataDir]);
    running = false;
  };
  // A crashed test run must not leave the server behind: an immediate stop on exit (synchronously).
  const stopOnExit = () => {
    if (!running) return;
    child = spawn(path.join(bin, 'pg_ctl'), ['stop', '-m', 'immediate', '-D', dataDir], {
      ...as,
      env,
      cwd: dir,
      stdio: 'ignore',
    });
  };
  process.once('exit', stopOnExit);

  let lastError: unknown;
  // A port picked free can be taken before the server binds it; a second pick almost always succeeds.
  for (let attempt = 0; attempt < 3 && !running; attempt += 1) {
    port = await freeLoopbackPort();
    try {
      await start();
    } catch (error) {
      lastError = error;
    }
  }
  if (!running) {
    process.off('exit', stopOnExit);
    const log = readLog(logFile);
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${String(lastError)}\n${log}`);
  }

  return {
    host: HOST,
    get port() {
      return port;
    },
    dir,
    url: (database = 'postgres') => `postgres://postgres@${HOST}:${port}/${database}`,
    get running() {
      return running;
    },
    stop,
    start,
    async restart() {
      await stop();
      await start();
    },
    log: () => readLog(logFile),
    async destroy() {
      process.off('exit', stopOnExit);
      await stop().catch(() => {});
      child?.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface CutMode {
  /**
   * `hold`: sockets stay open and nothing is forwarded (a network partition: each side waits; what was sent
   * during the cut is delivered when it is restored, and a side that gave up meanwhile is closed then).
   * `drop`: every connection is destroyed at once, and new ones are accepted and closed straight away.
   */
  mode: 'hold' | 'drop';
}

export interface TcpProxy {
  host: '127.0.0.1';
  port: number;
  /** Stops the traffic until `restore()`. */
  cut(options?: CutMode): void;
  restore(): void;
  readonly isCut: boolean;
  /** Connections open through the proxy now. */
  connections(): number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
  /** What arrived from each side during a held cut, delivered on restore. */
  toUpstream: Buffer[];
  toClient: Buffer[];
  /** Which side closed during a held cut: the other is closed on restore. */
  clientGone: boolean;
  upstreamGone: boolean;
}

/** A TCP proxy on a free loopback port to `target` that the harness can cut and restore. */
export async function startTcpProxy(target: { host: string; port: () => number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let cut: CutMode['mode'] | undefined;
  const end = (pair: Pair) => {
    pair.client.destroy();
    pair.upstream.destroy();
    pairs.delete(pair);
  };
  const server: Server = createServer((client) => {
    if (cut === 'drop') {
      client.destroy();
      return;
    }
    const upstream = tcpConnect({ host: target.host, port: target.port() });
    const pair: Pair = {
      client,
      upstream,
      toUpstream: [],
      toClient: [],
      clientGone: false,
      upstreamGone: false,
    };
    pairs.add(pair);
    const forward = (from: Socket, to: Socket, held: Buffer[]) =>
      from.on('data', (chunk: Buffer) => {
        if (cut === 'hold') held.push(chunk);
        else to.write(chunk);
      });
    forward(client, upstream, pair.toUpstream);
    forward(upstream, client, pair.toClient);
    const closed = (side: 'client' | 'upstream') => () => {
      if (cut === 'hold') {
        if (side === 'client') pair.clientGone = true;
        else pair.upstreamGone = true;
        return;
      }
      end(pair);
    };
    client.on('close', closed('client'));
    upstream.on('close', closed('upstream'));
    client.on('error', () => {});
    upstream.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    host: HOST,
    port,
    cut(options = { mode: 'hold' }) {
      cut = options.mode;
      if (cut === 'drop') for (const pair of [...pairs]) end(pair);
    },
    restore() {
      cut = undefined;
      for (const pair of [...pairs]) {
        if (pair.clientGone || pair.upstreamGone) {
          end(pair);
          continue;
        }
        for (const chunk of pair.toUpstream.splice(0)) pair.upstream.write(chunk);
        for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
      }
    },
    get isCut() {
      return cut !== undefined;
    },
    connections: () => pairs.size,
    async close() {
      for (const pair of [...pairs]) end(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
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

function readLog(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
