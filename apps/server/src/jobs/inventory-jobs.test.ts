import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SftpTestServer, startSftpServer } from '../../../../test-servers/sftp';
import { createTestApp, type TestApp } from '../../test/helper';
import { waitFor } from '../../test/modules/intake';
import { sftpFields } from '../../test/modules/inventory-delivery';
import { createInventorySource, stockFile } from '../../test/modules/inventory-processing';
import { findSourcesDueForSftpPoll } from '../modules/intake/sftp-repository';
import { type Jobs, startJobs } from './queue';

const silent = pino({ level: 'silent' });
let sftp: SftpTestServer;
let t: TestApp;
let jobs: Jobs | undefined;

beforeAll(async () => {
  // sshd first: PGlite's start-up keeps the event loop busy long enough to trip sshd's start timeout.
  sftp = await startSftpServer();
  t = await createTestApp({ env: { SFTP_POLL_SECONDS: '1', INVENTORY_ALERT_CHECK_MINUTES: '1' } });
});
afterAll(async () => {
  await jobs?.stop({ graceful: false, timeoutMs: 2_000 });
  await t?.close();
  await sftp?.stop();
});

describe(`inventory jobs on the queue (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('knows which sources are due for an SFTP poll', async () => {
    const due = await createInventorySource(t, sftpFields(t, sftp, { inbound: 'due' }));
    const recent = await createInventorySource(t, sftpFields(t, sftp, { inbound: 'recent' }));
    const inactive = await createInventorySource(t, { ...sftpFields(t, sftp), activeStatus: false });
    const noSftp = await createInventorySource(t);
    await t.db.db.insert(schema.inventorySftpStates).values([
      { sourceId: due.id, lastPollAt: new Date(Date.now() - 600_000) },
      { sourceId: recent.id, lastPollAt: new Date() },
    ]);
    const ids = await findSourcesDueForSftpPoll(t.db.db, 300);
    expect(ids).toContain(due.id);
    expect(ids).not.toContain(recent.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(noSftp.id);
    await t.db.db
      .update(schema.inventorySources)
      .set({ activeStatus: false })
      .where(eq(schema.inventorySources.id, due.id));
    await t.db.db
      .update(schema.inventorySources)
      .set({ activeStatus: false })
      .where(eq(schema.inventorySources.id, recent.id));
  });

  it('polls the inbound folder every SFTP_POLL_SECONDS and checks for silent sources', async () => {
    const source = await createInventorySource(t, sftpFields(t, sftp, { inbound: 'queue-in' }));
    const silentSource = await createInventorySource(t, { daysUntilNoUpdateNotification: 3 });
    await t.db.db
      .update(schema.inventorySources)
      .set({ createdAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(schema.inventorySources.id, silentSource.id));
    const file = await sftp.putFile('queue-in/stock.csv', stockFile({ '000123': 4 }));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await utimes(file, anHourAgo, anHourAgo);

    jobs = await startJobs(t.db, silent, { context: t.app.context, idle: false });

    const run = await waitFor(
      async () => {
        const [row] = await t.db.db
          .select()
          .from(schema.runs)
          .where(and(eq(schema.runs.sourceId, source.id), eq(schema.runs.trigger, 'sftp')));
        return row;
      },
      30_000,
      'the SFTP run',
    );
    expect(run.status).toBe('succeeded');
    await waitFor(
      async () => (await readdir(path.join(sftp.root, 'queue-in'))).join() === 'processed',
      10_000,
      'the file to be moved',
    );

    // Another file later: the next poll reads it.
    const second = await sftp.putFile('queue-in/stock_2.csv', stockFile({ '000123': 3 }));
    await utimes(second, anHourAgo, anHourAgo);
    await waitFor(
      async () => {
        const rows = await t.db.db
          .select()
          .from(schema.runs)
          .where(and(eq(schema.runs.sourceId, source.id), eq(schema.runs.trigger, 'sftp')));
        return rows.length === 2;
      },
      30_000,
      'the second SFTP run',
    );

    const alert = await waitFor(
      async () => {
        const [row] = await t.db.db
          .select()
          .from(schema.runs)
          .where(and(eq(schema.runs.sourceId, silentSource.id), eq(schema.runs.trigger, 'alert')));
        return row;
      },
      30_000,
      'the no-update alert',
    );
    expect(alert.message).toMatch(
      /^No inventory file received for 5 days \(last: none since the source was created on /,
    );
  });
});
