import { readFileSync } from 'node:fs';
import path from 'node:path';
import { testDatabasesOpened } from '@app/db/test-database-count';
import { afterAll, beforeAll, expect } from 'vitest';
import { DATABASE_FREE_TESTS } from './database-free';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

let openedBefore = 0;

beforeAll(() => {
  openedBefore = testDatabasesOpened();
  const file = listedFile();
  // A child process started on the run's database (a server, a worker, a backup) opens it out of sight of the
  // counter; such a file names the variable that chooses the database.
  if (file && /TEST_DATABASE_URL|DB_KIND/.test(readFileSync(path.join(repositoryRoot, file), 'utf8'))) {
    throw new Error(`${file} chooses a database for a child process: take it off DATABASE_FREE_TESTS`);
  }
});

afterAll(() => {
  const file = listedFile();
  if (file && testDatabasesOpened() > openedBefore) {
    throw new Error(`${file} opens a test database: take it off DATABASE_FREE_TESTS`);
  }
});

function listedFile(): string | undefined {
  const testPath = expect.getState().testPath;
  if (!testPath) return undefined;
  const file = path.relative(repositoryRoot, testPath);
  return DATABASE_FREE_TESTS.includes(file) ? file : undefined;
}
