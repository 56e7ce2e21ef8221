import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');

/** The entry points `npm start`, `npm run start:worker`, `npm run backup` and `npm run restore` run. */
export type Entry = 'server' | 'worker' | 'backup' | 'restore';

/**
 * An entry point in the build the server tests' global setup made (test/global-setup.ts): the same bundle as
 * `npm run build`'s dist/, so a test that starts a process starts what production runs.
 */
export function builtEntry(entry: Entry): string {
  const buildDir = process.env.SERVER_BUILD_DIR;
  if (!buildDir) {
    throw new Error(
      "SERVER_BUILD_DIR is unset: the server project's global setup builds the server (vitest.config.ts)",
    );
  }
  return path.join(buildDir, `${entry}.js`);
}

export interface EntryProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Node's options in apps/server/package.json's `start` and `start:worker` scripts. */
const START_OPTIONS = ['--enable-source-maps', '--max-semi-space-size=16'];

/**
 * The built server or worker as a process of its own, started as `npm start` starts it but without npm in
 * between: a single pid, so that a signal reaches the process that handles it.
 */
export function spawnEntry(entry: Entry, env: Record<string, string>): EntryProcess {
  const child = spawn(process.execPath, [...START_OPTIONS, builtEntry(entry)], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

/**
 * A built worker on a test app's database, with the app's key (so it opens the secrets the app sealed) and a data
 * folder named after it: what every multi-process test starts beside the app. `env` adds the test's own settings.
 */
export function spawnWorkerBeside(
  app: { db: { connectionString?: string }; config: { secretKey: string } },
  name: string,
  env: Record<string, string>,
): EntryProcess {
  return spawnEntry('worker', {
    DATABASE_URL: app.db.connectionString!,
    APP_SECRET_KEY: app.config.secretKey,
    DATA_DIR: `/tmp/inbox-ops-${name}`,
    ...env,
  });
}

/** Ends a process still running when a test fails half-way (a last resort, not the behaviour tested). */
export async function killIfRunning(entry: EntryProcess | undefined): Promise<void> {
  if (!entry || entry.child.exitCode !== null || entry.child.signalCode !== null) return;
  entry.child.kill('SIGKILL');
  await entry.exited;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs a command to its end from the repository root, with only PATH and HOME of this environment. */
export function runToEnd(command: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/**
 * The built server on the embedded database in `dataDir`, on a free loopback port, once it answers /health.
 * The caller stops it (and kills it with killIfRunning if the test fails half-way).
 */
export async function startServerOnPglite(dataDir: string): Promise<{ server: EntryProcess; port: number }> {
  const port = await freePort();
  const server = spawnEntry('server', {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_PASSWORD: 'a long enough password',
  });
  const deadline = Date.now() + 180_000;
  // A shared CI machine under load has taken over a minute to start it.
  while (!(await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined))?.ok) {
    if (server.child.exitCode !== null) throw new Error(`the server exited at start:\n${server.output()}`);
    if (Date.now() > deadline) {
      await killIfRunning(server);
      throw new Error(`the server did not answer /health:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { server, port };
}
