import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_ENTRY = path.resolve(here, '../src/server.ts');
export const WORKER_ENTRY = path.resolve(here, '../src/worker.ts');
export const REPO_ROOT = path.resolve(here, '../../..');

export interface EntryProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The server or worker entry as a process of its own: node with the tsx loader, a single pid, so that a
 * signal reaches the process that handles it (an `npx tsx` wrapper would get it instead).
 */
export function spawnEntry(entry: string, env: Record<string, string>): EntryProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
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
