/**
 * Start-up time and idle memory of the product as it is started in production, on the embedded PGlite
 * database and on PostgreSQL. Each case starts the server on a fresh database (a new DATA_DIR, or a new
 * database on the server of BENCH_DATABASE_URL) twice: the first start creates and migrates it, the second is
 * an ordinary restart. Both are timed from spawn to the first `200` from `/health`; after the restart has
 * settled (start-up jobs done) the resident memory of the whole process tree is read from /proc.
 * Three starts per case; the median is printed. Targets (operations issue): start < 3 s, idle RSS < 150 MB
 * on PostgreSQL and < 300 MB on PGlite. Exit 0 either way; only a broken run exits non-zero.
 *
 *   npm run bench:footprint
 *   npm run bench:footprint -- --command "npx tsx apps/server/src/server.ts" --runs 3 --settle 10
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { stopServer, waitForHealth } from './bench-support';

const root = path.resolve(import.meta.dirname, '..');
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_START_MS = 3_000;
const TARGET_RSS_MB = { pglite: 300, postgres: 150 } as const;

interface Options {
  command: string;
  cwd: string;
  runs: number;
  settleSeconds: number;
}

function parseOptions(argv: string[]): Options {
  const value = (flag: string) => {
    const index = argv.indexOf(flag);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  return {
    command:
      value('--command') ?? 'node --enable-source-maps --max-semi-space-size=16 apps/server/dist/server.js',
    cwd: value('--cwd') ?? root,
    runs: Number(value('--runs') ?? 3),
    settleSeconds: Number(value('--settle') ?? 10),
  };
}

/** Resident set of a process and all its descendants (tsx, npm and shells start children). */
function treeRssBytes(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop()!;
    try {
      const status = readFileSync(`/proc/${current}/status`, 'utf8');
      const match = /VmRSS:\s+(\d+) kB/.exec(status);
      if (match) total += Number(match[1]) * 1024;
    } catch {
      continue;
    }
    pending.push(...(children.get(current) ?? []));
  }
  return total;
}

async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `inboxops_bench_footprint_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: SERVER_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

function startServer(options: Options, port: number, dataDir: string, databaseUrl: string) {
  return spawn('bash', ['-c', `exec ${options.command}`], {
    cwd: options.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'footprint-admin-1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Two starts on one database: the first creates and migrates it (a new installation), the second is an
 * ordinary restart; idle memory is read after the restart has settled.
 */
async function measureOnce(options: Options, kind: 'pglite' | 'postgres', port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'inboxops-footprint-'));
  const database = kind === 'postgres' ? await freshPostgresDatabase() : undefined;
  try {
    const timedStart = async () => {
      const started = performance.now();
      const child = startServer(options, port, dataDir, database?.url ?? '');
      try {
        await waitForHealth(port, child, Date.now() + 60_000);
      } catch (error) {
        await stopServer(child);
        throw error;
      }
      return { child, ms: performance.now() - started };
    };
    const first = await timedStart();
    await stopServer(first.child);
    const restart = await timedStart();
    try {
      await new Promise((resolve) => setTimeout(resolve, options.settleSeconds * 1000));
      return { firstStartMs: first.ms, startMs: restart.ms, rssBytes: treeRssBytes(restart.child.pid!) };
    } finally {
      await stopServer(restart.child);
    }
  } finally {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const options = parseOptions(process.argv.slice(2));
  console.log(`command: ${options.command}  (cwd ${options.cwd}; runtime of this bench ${process.version})`);
  const rows: string[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    const firstStarts: number[] = [];
    const starts: number[] = [];
    const rss: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const { firstStartMs, startMs, rssBytes } = await measureOnce(options, kind, 3900 + run);
      firstStarts.push(firstStartMs);
      starts.push(startMs);
      rss.push(rssBytes / 1024 / 1024);
    }
    const start = median(starts);
    const memory = median(rss);
    const verdict = start < TARGET_START_MS && memory < TARGET_RSS_MB[kind] ? 'PASS' : 'FAIL';
    rows.push(
      `${kind.padEnd(9)} first start ${median(firstStarts).toFixed(0).padStart(5)} ms` +
        `   restart ${start.toFixed(0).padStart(5)} ms (runs ${starts.map((s) => s.toFixed(0)).join(', ')})` +
        `   idle RSS ${memory.toFixed(0).padStart(4)} MB (runs ${rss.map((r) => r.toFixed(0)).join(', ')})` +
        `   targets < ${TARGET_START_MS} ms, < ${TARGET_RSS_MB[kind]} MB: ${verdict}`,
    );
  }
  console.log(rows.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
