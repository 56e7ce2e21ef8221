import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SftpTestServer, startSftpServer } from '../../../../../test-servers/sftp';
import { type SmtpCatcher, startSmtpCatcher } from '../../../../../test-servers/smtp-catcher';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  createInventoryRun,
  createInventorySource,
  createSendingEmailSource,
  deliveryRecord,
  type RunNotes,
  runRow,
  sftpFields,
} from '../../../test/modules/inventory-delivery';
import { deliverAutomaticRun } from './automatic-delivery';
import { deliverInventoryRun, deliverySubject, NO_RECIPIENTS_MESSAGE } from './deliver';

let t: TestApp;
let catcher: SmtpCatcher;
let sftp: SftpTestServer;

const OUTPUT = Buffer.from(
  'Item Number,Status,Status Date\r\n000123,Active,06/01/2025\r\n000456,Inactive,06/01/2025\r\n',
);

beforeAll(async () => {
  // sshd first: PGlite's start-up keeps the event loop busy long enough to trip sshd's start timeout.
  sftp = await startSftpServer();
  catcher = await startSmtpCatcher();
  t = await createTestApp();
  // Who receives: active, wants e-mail, and may see inventory (flag or admin).
  await t.createUser({
    email: 'stock.keeper@shop.example',
    inventoryUser: true,
    sendNotificationsToEmail: true,
  });
  await t.createUser({ email: 'boss@shop.example', isAdmin: true, sendNotificationsToEmail: true });
  // Who does not.
  await t.createUser({ email: 'quiet@shop.example', inventoryUser: true, sendNotificationsToEmail: false });
  await t.createUser({ email: 'orders@shop.example', orderUser: true, sendNotificationsToEmail: true });
  await t.createUser({ email: 'subs@shop.example', submissionUser: true, sendNotificationsToEmail: true });
  await t.createUser({
    email: 'gone@shop.example',
    inventoryUser: true,
    sendNotificationsToEmail: true,
    activeStatus: false,
  });
  // The same address twice is mailed once.
  await t.createUser({ email: 'Stock.Keeper@shop.example', isAdmin: true, sendNotificationsToEmail: true });
});
afterAll(async () => {
  await Promise.all([t?.close(), catcher?.close(), sftp?.stop()]);
});
beforeEach(() => {
  catcher.messages.length = 0;
});

async function sourceWithEmail(overrides: Parameters<typeof createInventorySource>[1] = {}) {
  const emailSource = await createSendingEmailSource(t, catcher);
  return createInventorySource(t, { emailSourceId: emailSource.id, ...overrides });
}

type Channels = Pick<Parameters<typeof deliverInventoryRun>[1], 'sendEmail' | 'submitSftp'>;
const EMAIL: Channels = { sendEmail: true, submitSftp: false };
const SFTP: Channels = { sendEmail: false, submitSftp: true };
const BOTH: Channels = { sendEmail: true, submitSftp: true };

/** A succeeded run of the source whose output is OUTPUT (as "availability.csv" unless named), delivered over `channels`. */
async function deliverNewRun(sourceId: number, channels: Channels, output: { fileName?: string } = {}) {
  const runId = await createInventoryRun(t, {
    sourceId,
    output: { fileName: output.fileName ?? 'availability.csv', content: OUTPUT },
  });
  const result = await deliverInventoryRun(t.app.context, { runId, sourceId, ...channels });
  return { runId, result };
}

describe('Send Email Notification', () => {
  it('e-mails the output file from the source’s e-mail source to the inventory recipients only', async () => {
    const source = await sourceWithEmail({ sourceName: 'Acme Stock' });
    const runId = await createInventoryRun(t, {
      sourceId: source.id,
      sourceName: source.sourceName,
      output: { fileName: 'availability.csv', content: OUTPUT },
      details: { counts: { processed: 2, active: 1, inactive: 1 } },
    });

    const result = await deliverInventoryRun(t.app.context, {
      runId,
      sourceId: source.id,
      sendEmail: true,
      submitSftp: false,
    });

    expect(result.sftp).toBeUndefined();
    expect(result.email).toEqual({
      ok: true,
      message: 'Sent "availability.csv" to stock.keeper@shop.example, boss@shop.example',
      recipients: ['stock.keeper@shop.example', 'boss@shop.example'],
    });
    const [mail] = await catcher.waitFor(1);
    expect(catcher.messages).toHaveLength(1);
    expect(mail!.envelopeFrom).toBe('inventory@shop.example');
    expect(mail!.envelopeTo.sort()).toEqual(['boss@shop.example', 'stock.keeper@shop.example']);
    const run = await runRow(t, runId);
    expect(mail!.parsed.subject).toBe(deliverySubject('Acme Stock', run.finishedAt!));
    expect(mail!.parsed.subject).toMatch(/^Acme Stock: inventory availability file \d{4}-\d{2}-\d{2}$/);
    expect(mail!.parsed.text).toContain('Total processed: 2');
    expect(mail!.parsed.text).toContain('Active items: 1');
    expect(mail!.parsed.text).toContain('Inactive items: 1');
    expect(mail!.parsed.attachments).toHaveLength(1);
    expect(mail!.parsed.attachments[0]!.filename).toBe('availability.csv');
    expect(Buffer.compare(mail!.parsed.attachments[0]!.content, OUTPUT)).toBe(0);

    // The outcome is in the run's history, next to what was there.
    const details = run.details as RunNotes;
    expect(details.counts).toEqual({ processed: 2, active: 1, inactive: 1 });
    expect(details.delivery?.email).toEqual(result.email);
    expect(details.delivery?.sftp).toBeUndefined();
    expect(Date.parse(details.delivery!.at)).not.toBeNaN();
  });

  it('reports that nobody receives inventory notifications, and sends nothing', async () => {
    const source = await sourceWithEmail();
    const saved = await t.db.db.select().from(schema.users);
    await t.db.db.update(schema.users).set({ sendNotificationsToEmail: false });
    try {
      const { runId, result } = await deliverNewRun(source.id, EMAIL);
      expect(result.email).toEqual({ ok: false, message: NO_RECIPIENTS_MESSAGE, recipients: [] });
      expect((await deliveryRecord(t, runId))!.email?.ok).toBe(false);
    } finally {
      for (const user of saved) {
        await t.db.db
          .update(schema.users)
          .set({ sendNotificationsToEmail: user.sendNotificationsToEmail })
          .where(eq(schema.users.id, user.id));
      }
    }
    expect(catcher.messages).toHaveLength(0);
  });

  it('reports a refused login, an unreachable server and a missing sender without throwing', async () => {
    const wrongPassword = await createSendingEmailSource(t, { ...catcher, password: 'not-the-password' });
    const closedPort = await createSendingEmailSource(t, { ...catcher, port: 1 });
    const noServer = await createSendingEmailSource(t, catcher, { outgoingServer: '' });
    const cases = [
      [
        wrongPassword.id,
        new RegExp(
          `^Could not sign in to 127\\.0\\.0\\.1:${catcher.port} as mailer: authentication failed\\.$`,
        ),
      ],
      [closedPort.id, /^Could not connect to 127\.0\.0\.1:1: connection refused /],
      [noServer.id, /has no outgoing server\. Edit it and enter one\.$/],
      [null, /has no e-mail source to send from$/],
    ] as const;
    for (const [emailSourceId, expected] of cases) {
      const source = await createInventorySource(t, { emailSourceId });
      const { runId, result } = await deliverNewRun(source.id, EMAIL);
      expect(result.email?.ok).toBe(false);
      expect(result.email?.message).toMatch(expected);
      expect((await deliveryRecord(t, runId))!.email?.message).toBe(result.email?.message);
    }
    expect(catcher.messages).toHaveLength(0);
  });
});

describe('Submit via SFTP', () => {
  it('uploads the output file to the outbound folder with the same bytes', async () => {
    await sftp.makeFolder('retailer/in');
    const source = await createInventorySource(t, sftpFields(t, sftp, { outbound: 'retailer/in' }));
    const { runId, result } = await deliverNewRun(source.id, SFTP);

    expect(result.email).toBeUndefined();
    expect(result.sftp).toEqual({
      ok: true,
      message: `Uploaded "availability.csv" to 127.0.0.1:${sftp.port} as retailer/in/availability.csv`,
      remotePath: 'retailer/in/availability.csv',
    });
    const written = await readFile(path.join(sftp.root, 'retailer/in/availability.csv'));
    expect(Buffer.compare(written, OUTPUT)).toBe(0);
    expect((await deliveryRecord(t, runId))!.sftp).toEqual(result.sftp);
  });

  it('uploads to the login folder when no outbound folder is set, replacing the previous file', async () => {
    const source = await createInventorySource(t, sftpFields(t, sftp));
    await sftp.putFile('feed.csv', 'old feed');
    const { result } = await deliverNewRun(source.id, SFTP, { fileName: 'feed.csv' });
    expect(result.sftp).toMatchObject({ ok: true, remotePath: 'feed.csv' });
    expect(Buffer.compare(await readFile(path.join(sftp.root, 'feed.csv')), OUTPUT)).toBe(0);
  });

  it('reports bad credentials, a closed port and a folder the user may not write', async () => {
    // A folder owned by root (the test runs as root): the SFTP user may read it but not write in it.
    await mkdir(path.join(sftp.root, 'locked'), { mode: 0o755 });
    const cases = [
      [
        sftpFields(t, sftp, { password: 'wrong-password' }),
        /^Could not sign in to 127\.0\.0\.1:\d+ as "inboxops-sftp": authentication failed\.$/,
      ],
      [sftpFields(t, { ...sftp, port: 1 }), /^Could not connect to 127\.0\.0\.1:1: connection refused /],
      [
        sftpFields(t, sftp, { outbound: 'locked' }),
        /^Permission denied to upload "locked\/availability\.csv"$/,
      ],
      [{}, /has no SFTP server$/],
    ] as const;
    for (const [fields, expected] of cases) {
      const source = await createInventorySource(t, fields);
      const { runId, result } = await deliverNewRun(source.id, SFTP);
      expect(result.sftp).toEqual({ ok: false, message: expect.stringMatching(expected), remotePath: null });
      expect((await deliveryRecord(t, runId))!.sftp).toEqual(result.sftp);
    }
  });

  it('refuses to drop the file where SFTP intake would read it back as a supplier file', async () => {
    const source = await createInventorySource(t, {
      ...sftpFields(t, sftp, { inbound: 'drop', outbound: 'drop/' }),
      attachmentName: '*',
    });
    const { result } = await deliverNewRun(source.id, SFTP);
    expect(result.sftp?.ok).toBe(false);
    expect(result.sftp?.message).toMatch(/^Not uploaded: the SFTP outbound folder is the inbound folder/);
  });
});

describe('both channels and what cannot be delivered', () => {
  it('e-mails and uploads in one call', async () => {
    await sftp.makeFolder('both');
    const source = await sourceWithEmail(sftpFields(t, sftp, { outbound: 'both' }));
    const { runId, result } = await deliverNewRun(source.id, BOTH);
    expect(result.email?.ok).toBe(true);
    expect(result.sftp?.ok).toBe(true);
    await catcher.waitFor(1);
    const delivery = (await deliveryRecord(t, runId))!;
    expect(delivery.email?.ok && delivery.sftp?.ok).toBe(true);
  });

  it('cleans a file name with CR, LF and quotes before it becomes an attachment name or an SFTP remote name', async () => {
    await sftp.makeFolder('clean');
    const source = await sourceWithEmail(sftpFields(t, sftp, { outbound: 'clean' }));
    const runId = await createInventoryRun(t, {
      sourceId: source.id,
      output: { fileName: 'availability.csv', content: OUTPUT },
    });
    // A name stored before names were cleaned on the way in: the mail and SFTP clients clean it too.
    const run = await runRow(t, runId);
    await t.db.db
      .update(schema.storedFiles)
      .set({ fileName: 'avail\r\nBcc: thief@evil.example "x".csv' })
      .where(eq(schema.storedFiles.id, run.outputFileId!));
    const result = await deliverInventoryRun(t.app.context, { runId, sourceId: source.id, ...BOTH });
    const clean = 'availBcc thief@evil.example x.csv';
    expect(result.sftp).toMatchObject({ ok: true, remotePath: `clean/${clean}` });
    expect(Buffer.compare(await readFile(path.join(sftp.root, 'clean', clean)), OUTPUT)).toBe(0);
    const [mail] = await catcher.waitFor(1);
    expect(mail!.parsed.attachments.map((attachment) => attachment.filename)).toEqual([clean]);
    expect(mail!.envelopeTo).not.toContain('thief@evil.example');
    expect(mail!.raw.toString()).not.toMatch(/^Bcc:/im);
  });

  it('answers ok false on each channel for a run without an output file or of another source', async () => {
    const source = await sourceWithEmail(sftpFields(t, sftp));
    const other = await createInventorySource(t);
    const noOutput = await createInventoryRun(t, { sourceId: source.id, status: 'failed' });
    const result = await deliverInventoryRun(t.app.context, {
      runId: noOutput,
      sourceId: source.id,
      sendEmail: true,
      submitSftp: true,
    });
    expect(result.email).toEqual({
      ok: false,
      message: expect.stringMatching(/has no output file/),
      recipients: [],
    });
    expect(result.sftp).toEqual({
      ok: false,
      message: expect.stringMatching(/has no output file/),
      remotePath: null,
    });

    const foreign = await deliverInventoryRun(t.app.context, {
      runId: noOutput,
      sourceId: other.id,
      sendEmail: true,
      submitSftp: false,
    });
    expect(foreign.email?.message).toMatch(/does not belong to inventory source/);
    const missing = await deliverInventoryRun(t.app.context, {
      runId: 987_654,
      sourceId: source.id,
      sendEmail: true,
      submitSftp: false,
    });
    expect(missing.email?.message).toBe('Run #987654 was not found');
    expect(catcher.messages).toHaveLength(0);
  });
});

describe('automatic delivery (mail and SFTP runs)', () => {
  it('e-mails when recipients exist and uploads only when an outbound folder is set', async () => {
    const withoutOutbound = await sourceWithEmail(sftpFields(t, sftp));
    const runId = await createInventoryRun(t, {
      sourceId: withoutOutbound.id,
      trigger: 'mail',
      output: { fileName: 'availability.csv', content: OUTPUT },
    });
    const outcome = await deliverAutomaticRun(t.app.context, { runId, sourceId: withoutOutbound.id });
    expect(outcome).toMatchObject({ delivered: true, plan: { sendEmail: true, submitSftp: false } });
    await catcher.waitFor(1);

    await sftp.makeFolder('auto');
    const withOutbound = await createInventorySource(t, sftpFields(t, sftp, { outbound: 'auto' }));
    const second = await createInventoryRun(t, {
      sourceId: withOutbound.id,
      trigger: 'sftp',
      output: { fileName: 'auto.csv', content: OUTPUT },
    });
    const uploaded = await deliverAutomaticRun(t.app.context, { runId: second, sourceId: withOutbound.id });
    expect(uploaded).toMatchObject({
      delivered: true,
      plan: { sendEmail: true, submitSftp: true },
      delivery: { sftp: { ok: true, remotePath: 'auto/auto.csv' } },
    });
    // No e-mail source on that one: the attempt is reported, not skipped silently.
    expect(uploaded.delivered && uploaded.delivery.email?.message).toMatch(/has no e-mail source/);
  });

  it('delivers nothing for a held or failed run', async () => {
    const source = await sourceWithEmail();
    for (const status of ['held', 'failed'] as const) {
      const runId = await createInventoryRun(t, {
        sourceId: source.id,
        trigger: 'mail',
        status,
        output: { fileName: 'availability.csv', content: OUTPUT },
      });
      const outcome = await deliverAutomaticRun(t.app.context, { runId, sourceId: source.id });
      expect(outcome).toEqual({
        delivered: false,
        reason: `Run #${runId} is ${status}: nothing is delivered`,
      });
      expect(await deliveryRecord(t, runId)).toBeUndefined();
    }
    expect(catcher.messages).toHaveLength(0);
  });
});
