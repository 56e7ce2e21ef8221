import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type AppDb, countPendingMigrations, type Database, migrationsFolder } from './database';
import * as schema from './schema';

// Any constant works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK_ID = 724_310_001;

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite database in `dataDir` is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** PGlite: a data-directory tarball (a backup) to fill an empty `dataDir` with. */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * PostgreSQL: how long a statement may wait for its answer before its connection is given up (default
   * QUERY_TIMEOUT_MS). Tests of the timeouts set shorter ones.
   */
  queryTimeoutMs?: number;
  /** PostgreSQL: how long opening a connection (or waiting for a free one) may take (default CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
}

/**
 * The bounds on waiting for PostgreSQL (docs/behaviour/operations.md#what-the-product-survives). Without them a
 * network cut that neither side notices (a partition: no reset arrives) leaves every query waiting for ever,
 * each holding a pooled connection, until the pool is full and the whole instance hangs. TCP keepalive does
 * not help against that in time (minutes at best, and not at all through a proxy that keeps its side open).
 * 30 s is well above the app's longest statement (the order grid and the export's batches answer in under a
 * second at a million orders; bench/README.md), so only a connection that stopped answering reaches it.
 */
export const QUERY_TIMEOUT_MS = 30_000;
export const CONNECT_TIMEOUT_MS = 5_000;
/**
 * The server ends a statement at the query timeout itself (`statement_timeout`): a statement the client gave
 * up on would otherwise run on, holding its locks and a backend, long after nobody waits for it (an abandoned
 * import statement ran a minute more). The client waits this much longer, so that a server that answers
 * cancels cleanly (error 57014, the connection stays usable) and only a server that no longer answers trips
 * the client's own timeout.
 */
export const SERVER_TIMEOUT_MARGIN_MS = 2_000;

/**
 * A statement that times out leaves node-postgres's connection waiting for its answer, and a transaction's
 * connection goes back to the pool as if healthy: the next borrower would queue behind the lost answer. So
 * the connection is destroyed on a timeout; the pool then sees it broken and never hands it out again.
 */
class GuardedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection that dies while borrowed (a transaction in flight) reports it to its queries, which fail;
    // the 'error' event it also emits has no listener while borrowed, and an unheard 'error' ends the process.
    this.on('error', () => {});
  }

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query has a dozen overloads; all pass through.
  override query(...args: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    const result = (super.query as (...a: any[]) => any)(...args);
    if (result && typeof result.catch === 'function') {
      result.catch((error: Error) => this.discardIfTimedOut(error));
    } else {
      const callback = args.find((arg) => typeof arg === 'function') as
        | ((error: Error | undefined, ...rest: unknown[]) => void)
        | undefined;
      const query = args[0] as { callback?: (error: Error | undefined, ...rest: unknown[]) => void };
      // The callback forms (pool.query): pg keeps the callback on the query object.
      const original = query && typeof query === 'object' ? query.callback : undefined;
      if (!callback && original) {
        query.callback = (error, ...rest) => {
          if (error) this.discardIfTimedOut(error);
          original(error, ...rest);
        };
      }
    }
    return result;
  }

  private discardIfTimedOut(error: Error): void {
    if (error?.message === 'Query read timeout') {
      (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    }
  }
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    return createPostgres(options.url, {
      max: options.poolSize ?? 10,
      queryTimeoutMs: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
      connectTimeoutMs: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    });
  }
  // Loaded only here: a process on PostgreSQL never loads PGlite (docs/decisions/0013-lazy-start-up.md).
  const { createPglite } = await import('./pglite-client');
  return createPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

async function createPostgres(
  url: string,
  limits: { max: number; queryTimeoutMs: number; connectTimeoutMs: number },
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: limits.max,
    // JIT compilation costs 0.1–1.5 s on the first execution of a large plan and saves nothing on the
    // app's short, index-driven queries (the order grid at a million rows measured it), so it is off.
    options: `-c jit=off -c statement_timeout=${limits.queryTimeoutMs}`,
    Client: GuardedClient,
    query_timeout: limits.queryTimeoutMs + SERVER_TIMEOUT_MARGIN_MS,
    connectionTimeoutMillis: limits.connectTimeoutMs,
  });
  // An idle connection that the server ends (a restart, pg_terminate_backend, a failover) is reported
  // here. Without a listener node-postgres raises it as an uncaught error and the whole process stops;
  // the pool has already dropped that client and opens a new one for the next query.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  const db = drizzlePg(pool, { schema }) as unknown as AppDb;
  return {
    db,
    kind: 'postgres',
    pool,
    connectionString: url,
    async query(text, params) {
      const result = await pool.query(text, params as unknown[]);
      return result.rows;
    },
    async ping(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      // node-postgres reads a statement's own query_timeout; its types do not list it.
      const probe = { text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig;
      const answered = pool
        .query(probe)
        .then(() => true)
        .catch(() => false);
      // Waiting for a connection is not covered by the statement's timeout: the race bounds both.
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([answered, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async migrate() {
      // Several instances may start at once; the advisory lock makes the second one wait, then find
      // nothing left to do. A connection of its own, without the pool's statement timeout: waiting for
      // another instance's migration, or one migration on a large table, may rightly take longer.
      const client = new pg.Client({ connectionString: url, options: '-c jit=off' });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    pendingMigrations() {
      return countPendingMigrations(async (text) => (await pool.query(text)).rows);
    },
    async close() {
      await pool.end();
    },
  };
}
