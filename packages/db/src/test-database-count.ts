/**
 * How many test databases this test worker has opened, for the check that a file listed as database-free
 * really opens none (apps/server/test/database-free.ts). Its own module, so the check reads the count without
 * loading PGlite through testing.ts; kept on the global, so every file of a worker sees one count.
 */
const OPENED = Symbol.for('inbox-ops.test-databases-opened');
const counter = globalThis as { [OPENED]?: number };

export function countOpenedTestDatabase(): void {
  counter[OPENED] = (counter[OPENED] ?? 0) + 1;
}

export function testDatabasesOpened(): number {
  return counter[OPENED] ?? 0;
}
