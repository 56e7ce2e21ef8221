import { schema } from '@app/db';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, injectFromPublicOrigin, type Session, type TestApp } from '../../test/helper';
import { createSource, csv, HEADER, processFile } from '../../test/modules/order-tracking-ingestion';
import { buildApp } from '../app';
import { startJobs } from '../jobs/queue';
import { describeError, redactError, serializeError } from './error-redaction';

/**
 * A failed query must not carry the values it was writing out of the process. The database is made to
 * refuse certain rows with a CHECK constraint, as it would refuse a bad value: PostgreSQL then reports the
 * whole failing row in `detail`, and Drizzle repeats every parameter in its message.
 */
const REFUSED_DOMAIN = '@refused.example';
const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$secret-hash-value';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn({ isAdmin: true })).session;
  await t.db.db.execute(
    sql.raw(`alter table users add constraint refuse_test_users check (email not like '%${REFUSED_DOMAIN}')`),
  );
  await t.db.db.execute(
    sql.raw(
      `alter table orders add constraint refuse_test_orders check (customer_po_number <> 'PO-REFUSED')`,
    ),
  );
});
afterAll(async () => {
  await t.close();
});

async function failedInsert(): Promise<unknown> {
  try {
    await t.db.db
      .insert(schema.users)
      .values({ username: 'probe', email: `probe${REFUSED_DOMAIN}`, passwordHash: SECRET_HASH });
  } catch (error) {
    return error;
  }
  throw new Error('the insert was expected to fail');
}

describe('a failed query in the error log', () => {
  it('logs the SQL, the reason and the SQLSTATE of a failed request, never the values (a password hash)', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      database: t.db,
      config: t.config,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      injectFromPublicOrigin(app, t.config);
      const password = 'Victim-Password-1';
      const response = await app.inject({
        method: 'POST',
        url: '/api/accounts/update/user',
        payload: { userId: 0, username: 'victim', email: `victim${REFUSED_DOMAIN}`, password },
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(500);
      expect(response.json().message).toBe('Something went wrong on the server. Please try again.');
      const logged = lines.find((line) => line.includes('request failed'));
      expect(logged).toBeDefined();
      expect(logged).toContain('refuse_test_users');
      expect(logged).toContain('23514');
      expect(logged).toContain('insert into \\"users\\"');
      for (const value of ['$argon2id$', `victim${REFUSED_DOMAIN}`, password, 'Failing row'])
        expect(lines.join('\n')).not.toContain(value);
    } finally {
      await app.close();
    }
  });

  it('keeps the error’s shape: type, message, stack frames, code and the cause', async () => {
    const error = await failedInsert();
    const serialized = serializeError(error);
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('secret-hash-value');
    expect(text).not.toContain(`probe${REFUSED_DOMAIN}`);
    expect(serialized.message).toMatch(/^Failed query: insert into "users"/);
    expect(serialized.stack).toMatch(/\n\s+at /);
    expect(serialized.cause).toMatchObject({ code: '23514', constraint: 'refuse_test_users' });
    expect(describeError(error)).toMatch(/violates check constraint "refuse_test_users" \(23514\)$/);
  });
});

describe('a failed query in a job', () => {
  it('is stored by the job queue without its values', async () => {
    const jobs = await startJobs(t.db, pino({ level: 'silent' }));
    try {
      const queue = 'redaction-probe';
      await jobs.boss.createQueue(queue, { retryLimit: 0 });
      await jobs.boss.work(queue, async () => {
        await t.db.db
          .insert(schema.users)
          .values({ username: 'job-probe', email: `job${REFUSED_DOMAIN}`, passwordHash: SECRET_HASH });
      });
      const jobId = (await jobs.boss.send(queue, {}))!;
      const job = await vi.waitFor(
        async () => {
          const found = await jobs.boss.getJobById(queue, jobId);
          if (found?.state !== 'failed') throw new Error(`job is ${found?.state}`);
          return found;
        },
        { timeout: 20_000, interval: 100 },
      );
      const stored = JSON.stringify(job.output);
      expect(stored).toContain('refuse_test_users');
      expect(stored).not.toContain('secret-hash-value');
      expect(stored).not.toContain(`job${REFUSED_DOMAIN}`);
    } finally {
      await jobs.stop({ graceful: false, timeoutMs: 2000 });
    }
  });

  it('is rethrown (and printed at a failed start) as the database’s reason with its stack and code', async () => {
    const redacted = redactError(await failedInsert()) as Error & { code?: string };
    expect(redacted).toBeInstanceOf(Error);
    expect(redacted.message).toMatch(/violates check constraint "refuse_test_users" \(23514\)$/);
    expect(redacted.code).toBe('23514');
    expect(redacted.stack).toMatch(/\n\s+at /);
    expect(`${redacted.stack}${JSON.stringify(redacted)}`).not.toContain('secret-hash-value');
  });

  it('rethrows other errors untouched', () => {
    const plain = new Error('mailbox not found');
    expect(redactError(plain)).toBe(plain);
  });
});

describe('a failed query in a run', () => {
  it('records the database’s reason in the run, not the rows of the file', async () => {
    const source = await createSource(t);
    const outcome = await processFile(
      t,
      source.id,
      csv([HEADER, ['1', 'PO-REFUSED', 'ITEM-SECRET-7', '2024-01-15', '1', '1Z999']]),
    );
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toMatch(
      /^The file could not be imported: .*violates check constraint "refuse_test_orders" \(23514\)$/,
    );
    expect(outcome.message).not.toContain('ITEM-SECRET-7');
  });
});
