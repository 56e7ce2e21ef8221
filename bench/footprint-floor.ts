/**
 * The floor under `bench:footprint`'s idle RSS: what the same kind of process costs with nothing of ours in
 * it. Each case runs in a child process of its own and reports its RSS after 10 s idle:
 *   - node: Node.js with nothing loaded;
 *   - node + pg + fastify: the PostgreSQL driver and the HTTP server the product is built on, loaded;
 *   - PGlite: the embedded PostgreSQL alone, opened on a fresh data directory with pg_trgm, one query run.
 * The product's figures are read against these: the PGlite case is the floor of the embedded database target.
 *
 *   npm run bench:footprint-floor
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const IDLE_MS = 10_000;
const root = path.resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'inbox-ops-floor-'));
const cases = ['node', 'node + pg + fastify', 'PGlite'] as const;
type Case = (typeof cases)[number];

/** The child's program, run by plain `node` (as the product is), not through this script's TypeScript loader. */
function childProgram(kind: Case): string {
  const load = {
    node: '',
    'node + pg + fastify': "await import('pg'); await import('fastify');",
    PGlite: `
      const { PGlite } = await import('@electric-sql/pglite');
      const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
      const db = new PGlite(${JSON.stringify(path.join(scratch, 'pglite'))}, { extensions: { pg_trgm } });
      await db.query('select 1');`,
  }[kind];
  return `
    const started = performance.now();
    ${load}
    const readyMs = Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, ${IDLE_MS}));
    const rssMb = Math.round(process.memoryUsage().rss / 1048576);
    process.stdout.write(JSON.stringify({ readyMs, rssMb }));
    process.exit(0);`;
}

async function main(): Promise<void> {
  console.log(`case                  | ready   | RSS after ${IDLE_MS / 1000} s idle`);
  for (const kind of cases) {
    const output = await new Promise<string>((resolve, reject) => {
      const proc = spawn('node', ['--input-type=module', '-e', childProgram(kind)], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      proc.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      proc.on('error', reject);
      proc.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`${kind} exited ${code}`))));
    });
    const { readyMs, rssMb } = JSON.parse(output) as { readyMs: number; rssMb: number };
    console.log(`${kind.padEnd(21)} | ${`${readyMs} ms`.padEnd(7)} | ${rssMb} MB`);
  }
}

try {
  await main();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
