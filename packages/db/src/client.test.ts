import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL pool', () => {
  it('outlives the server ending an idle connection: no uncaught error, the next query works', async () => {
    const database = await createTestDatabase();
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const pool = database.pool!;
      const [backend] = await database.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(pool.idleCount).toBeGreaterThan(0);

      const admin = new pg.Client({ connectionString: database.connectionString });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [backend?.pid]);
      await admin.end();
      await expect.poll(() => pool.totalCount, { timeout: 5_000 }).toBe(0);

      expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await database.dispose();
    }
  });
});
