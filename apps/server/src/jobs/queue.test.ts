import { schema } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/modules/intake';
import { runHousekeeping } from './housekeeping';
import { createQueue, QUEUES, startJobs } from './queue';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

describe('job queue', () => {
  it(`starts pg-boss on this database (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}) and runs a housekeeping job`, async () => {
    const [user] = await database.db
      .insert(schema.users)
      .values({ username: 'queue-user', email: 'q@example.com', activeStatus: true })
      .returning();
    await database.db.insert(schema.refreshTokens).values({
      userId: user!.id,
      familyId: '00000000-0000-4000-8000-000000000001',
      tokenHash: 'expired-token',
      expiresAt: new Date(Date.now() - 60_000),
    });
    const jobs = await startJobs(database, pino({ level: 'silent' }));
    const boss = jobs.boss;
    try {
      const jobId = await boss.send(QUEUES.housekeeping, {});
      expect(jobId).toBeTruthy();
      const state = await waitFor(
        async () => {
          const job = await boss.getJobById(QUEUES.housekeeping, jobId!);
          return (job?.state === 'completed' || job?.state === 'failed') && job.state;
        },
        20_000,
        'the housekeeping job to end',
      );
      expect(state).toBe('completed');
      const left = await database.db.select().from(schema.refreshTokens);
      expect(left).toHaveLength(0);
      const schedules = await boss.getSchedules();
      expect(schedules.map((s) => s.name)).toContain(QUEUES.housekeeping);
    } finally {
      await jobs.stop({ graceful: false, timeoutMs: 2000 });
    }
  });

  it('housekeeping keeps live tokens', async () => {
    const [user] = await database.db
      .insert(schema.users)
      .values({ username: 'keeper', email: 'k@example.com', activeStatus: true })
      .returning();
    await database.db.insert(schema.refreshTokens).values({
      userId: user!.id,
      familyId: '00000000-0000-4000-8000-000000000002',
      tokenHash: 'live-token',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const removed = await runHousekeeping(database.db);
    expect(removed.refreshTokens).toBe(0);
    expect(await database.db.select().from(schema.refreshTokens)).toHaveLength(1);
  });

  it('a job sent to a notify queue wakes its idle worker at once, long before the worker would poll', async () => {
    const boss = createQueue(database);
    await boss.start();
    try {
      await boss.createQueue('notify-probe', { notify: true });
      let handled = 0;
      // The first job is there before the worker starts, so its first fetch takes it; the worker then waits
      // for its next poll, 30 or 60 s away: only NOTIFY can bring the second job within the 10 s waited below.
      await boss.send('notify-probe', {});
      await boss.work(
        'notify-probe',
        { pollingIntervalSeconds: 30, notifyPollingIntervalSeconds: 60 },
        async ([job]) => {
          if (job) handled += 1;
        },
      );
      await waitFor(async () => handled >= 1, 10_000, 'the job sent before the worker started');
      expect(handled).toBe(1);
      await boss.send('notify-probe', {});
      await waitFor(async () => handled >= 2, 10_000, 'the job sent to the idle worker');
      expect(handled).toBe(2);
    } finally {
      await boss.stop({ graceful: false, close: true, timeout: 2000 });
    }
  }, 30_000);
});
