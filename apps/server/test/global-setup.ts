/**
 * Builds the server once per test run, as `npm run build` does, into a folder of the run's own: the tests that
 * start a server, worker, backup or restore process run that bundle (test/processes.ts), and so do the
 * spreadsheet reader's children and the export's worker threads that the code under test starts
 * (SERVER_BUILD_DIR, lib/worker-entry.ts). Starting one from TypeScript source instead made tsx compile it again
 * in every process, 1–3 processor-seconds each, and tested code that production never runs. The folder is not
 * dist/, which the browser tests' servers run from.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from '../scripts/build.mjs';
import { REPO_ROOT } from './processes';

export default async function buildServerForTests(): Promise<() => void> {
  // Inside the repository, so the bundle's package imports resolve from its node_modules.
  const parent = path.join(REPO_ROOT, '.tmp');
  mkdirSync(parent, { recursive: true });
  const outdir = path.join(parent, `server-build-${process.pid}`);
  await buildServer(outdir);
  process.env.SERVER_BUILD_DIR = outdir;
  return () => rmSync(outdir, { recursive: true, force: true });
}
