/**
 * DATA_DIR is the owner's alone (docs/design/security.md#the-data-folder): every file 600 and every folder 700
 * after the built server's first start on the embedded database, after it stopped, in a backup, and after
 * `npm run restore`.
 */
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  builtEntry,
  type EntryProcess,
  killIfRunning,
  runToEnd,
  startServerOnPglite,
} from '../../test/processes';
import { makeDataDirPrivate } from './private-data-dir';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const root = mkdtempSync(path.join(tmpdir(), 'inbox-ops-private-'));
const started: EntryProcess[] = [];
afterEach(async () => {
  await Promise.all(started.map((entry) => killIfRunning(entry)));
  started.length = 0;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every entry under `dir` whose mode is not 600 (file) or 700 (folder), as `mode path`. */
function openEntries(dir: string): { checked: number; open: string[] } {
  const open: string[] = [];
  let checked = 0;
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    checked++;
    const mode = stats.mode & 0o777;
    if (mode !== (stats.isDirectory() ? 0o700 : 0o600)) open.push(`${mode.toString(8)} ${entry}`);
    if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return { checked, open };
}

const runScript = (entry: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  runToEnd(process.execPath, ['--enable-source-maps', builtEntry(entry), ...args], env);

describe('makeDataDirPrivate', () => {
  it('makes files 600 and folders 700, counts what it changed, and leaves symbolic links alone', () => {
    const dir = path.join(root, 'unit');
    mkdirSync(path.join(dir, 'pglite', 'base'), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(dir, 'pglite', 'base', '1'), 'x', { mode: 0o666 });
    writeFileSync(path.join(dir, 'secret.key'), 'k', { mode: 0o600 });
    const outside = path.join(root, 'outside.txt');
    writeFileSync(outside, 'not ours', { mode: 0o644 });
    symlinkSync(outside, path.join(dir, 'link'));
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, 'pglite'), 0o755);
    chmodSync(path.join(dir, 'pglite', 'base'), 0o755);

    expect(makeDataDirPrivate(dir)).toEqual({ files: 1, folders: 3, failed: [] });
    expect(openEntries(dir).open).toEqual([]);
    expect(lstatSync(outside).mode & 0o777).toBe(0o644);
    expect(makeDataDirPrivate(dir)).toEqual({ files: 0, folders: 0, failed: [] });
    expect(makeDataDirPrivate(path.join(root, 'missing'))).toEqual({ files: 0, folders: 0, failed: [] });
  });
});

describe.skipIf(onPostgres)('the built server and npm run restore on the embedded database', () => {
  it('leaves every file 600 and every folder 700, repairs an open one with a log line, and restore does too', async () => {
    const dataDir = path.join(root, 'live');
    // A folder an older version left open, with a file in it readable by all.
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, 'notes.txt'), 'left by hand', { mode: 0o644 });
    chmodSync(path.join(dataDir, 'notes.txt'), 0o644);

    const { server, port } = await startServerOnPglite(dataDir);
    started.push(server);
    expect(server.output()).toMatch(/data folder: made \d+ file\(s\) 600 and \d+ folder\(s\) 700 in /);
    const running = openEntries(dataDir);
    expect(running.checked).toBeGreaterThan(900);
    expect(running.open).toEqual([]);

    // A sign-in writes rows (and WAL) while running; the stop checkpoints.
    const login = await fetch(`http://127.0.0.1:${port}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ username: 'admin', password: 'a long enough password' }),
    });
    expect(login.ok).toBe(true);
    server.child.kill('SIGTERM');
    expect((await server.exited).code, server.output()).toBe(0);
    expect(openEntries(dataDir).open).toEqual([]);

    const backupFile = path.join(root, 'live.backup');
    const backup = await runScript('backup', ['--out', backupFile], { DATA_DIR: dataDir });
    expect(backup.code, backup.output).toBe(0);
    expect(lstatSync(backupFile).mode & 0o777).toBe(0o600);
    expect(openEntries(dataDir).open).toEqual([]);

    const target = path.join(root, 'restored');
    const restore = await runScript('restore', ['--in', backupFile], { DATA_DIR: target });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain(`files 600 and folders 700 in ${target}`);
    const restored = openEntries(target);
    expect(restored.checked).toBeGreaterThan(900);
    expect(restored.open).toEqual([]);
  }, 300_000);
});
