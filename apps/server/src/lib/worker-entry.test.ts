import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { workerEntry } from './worker-entry';

const saved = process.env.SERVER_BUILD_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.SERVER_BUILD_DIR;
  else process.env.SERVER_BUILD_DIR = saved;
});

describe('workerEntry', () => {
  it('from the build: the entry beside the starter, one folder up from a split chunk, with its source maps', () => {
    expect(workerEntry('file:///srv/app/dist/server.js', 'table-worker').entry.href).toBe(
      'file:///srv/app/dist/table-worker.js',
    );
    expect(workerEntry('file:///srv/app/dist/chunks/read-table-X1.js', 'table-worker').entry.href).toBe(
      'file:///srv/app/dist/table-worker.js',
    );
  });

  it('from source with SERVER_BUILD_DIR: that build’s entry, without tsx', () => {
    process.env.SERVER_BUILD_DIR = '/repo/.tmp/server-build-1';
    const { entry, execArgv } = workerEntry(
      'file:///repo/src/integrations/spreadsheet/read-table.ts',
      'table-worker',
    );
    expect(fileURLToPath(entry)).toBe(path.join('/repo/.tmp/server-build-1', 'table-worker.js'));
    expect(execArgv).toEqual(['--enable-source-maps']);
  });

  it('from source without one: the .ts file beside the starter, through tsx (npm run dev)', () => {
    delete process.env.SERVER_BUILD_DIR;
    const { entry, execArgv } = workerEntry(import.meta.url, 'worker-entry');
    expect(fileURLToPath(entry)).toBe(fileURLToPath(new URL('./worker-entry.ts', import.meta.url)));
    expect(execArgv[0]).toBe('--import');
    expect(execArgv[1]).toMatch(/tsx/);
  });

  it('the server tests run their children from the build they made at start (test/global-setup.ts)', () => {
    expect(saved).toMatch(/server-build-\d+$/);
  });
});
