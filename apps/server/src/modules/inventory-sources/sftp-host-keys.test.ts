/**
 * SFTP host keys against a real OpenSSH server: the first successful connection (test, intake or delivery)
 * records the key, a server restarted with a new key is refused everywhere with both fingerprints named,
 * and only an explicit accept of the key the editor showed lets it in again.
 */
import type { InventorySource, SftpConnectionTestResult } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SftpTestServer, startSftpServer } from '../../../../../test-servers/sftp';
import { insertEmailSource } from '../../../test/factories';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import {
  createInventoryRun,
  createInventorySource,
  sftpFields,
} from '../../../test/modules/inventory-delivery';
import { storeFile } from '../files/stored-files';
import { pollInventorySftp } from '../intake/sftp-intake';
import { deliverInventoryRun } from '../inventory-delivery/deliver';

let t: TestApp;
let sftp: SftpTestServer;
let inventoryUser: Session;
let orderUser: Session;

beforeAll(async () => {
  [t, sftp] = await Promise.all([createTestApp(), startSftpServer()]);
  inventoryUser = (await t.signIn({ inventoryUser: true })).session;
  orderUser = (await t.signIn({ orderUser: true })).session;
  await sftp.makeFolder('inbound');
});
afterAll(async () => {
  await Promise.all([t?.close(), sftp?.stop()]);
});

const call = (url: string, payload?: Record<string, unknown>, session = inventoryUser) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: session.headers,
    ...(payload ? { payload } : {}),
  });

async function testSaved(id: number): Promise<SftpConnectionTestResult> {
  const response = await call('/api/inventory-sources/test-sftp', {
    id,
    sftpServerAddress: sftp.host,
    sftpPort: sftp.port,
    sftpUsername: sftp.username,
    sftpPassword: '',
    sftpInboundFolder: 'inbound',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const load = async (id: number) =>
  (await call(`/api/inventory-sources/inventory/${id}`)).json() as InventorySource;

/** Delivers a new run's output file of the source by SFTP upload only. */
async function deliverByUpload(sourceId: number) {
  const runId = await createInventoryRun(t, {
    sourceId,
    output: { fileName: 'availability.csv', content: Buffer.from('Item,Status\n1,Active\n') },
  });
  return deliverInventoryRun(t.app.context, { runId, sourceId, sendEmail: false, submitSftp: true });
}

const accept = (id: number, fingerprint: string, session = inventoryUser) =>
  call(`/api/inventory-sources/${id}/sftp-host-key/accept`, { fingerprint }, session);

describe('the first successful connection records the host key', () => {
  it('Test connection of the saved server records it and then trusts it', async () => {
    const source = await createInventorySource(t, sftpFields(t, sftp, { inbound: 'inbound' }));
    expect((await load(source.id)).sftpHostKey).toBeNull();
    const key = await sftp.hostKey();

    const first = await testSaved(source.id);
    expect(first).toMatchObject({ ok: true, hostKey: key, hostKeyStatus: 'recorded', recordedHostKey: key });
    const loaded = await load(source.id);
    expect(loaded).toMatchObject({ sftpHostKey: key, sftpHostKeyPresented: null });
    expect(loaded.sftpHostKeyRecordedAt).not.toBeNull();

    expect(await testSaved(source.id)).toMatchObject({
      ok: true,
      hostKeyStatus: 'trusted',
      recordedHostKey: key,
    });
  });

  it('SFTP intake and delivery record it too; a failed login records nothing', async () => {
    const key = await sftp.hostKey();
    const polled = await createInventorySource(t, sftpFields(t, sftp, { inbound: 'inbound' }));
    expect((await pollInventorySftp(t.app.context, polled.id)).status).toBe('succeeded');
    expect((await load(polled.id)).sftpHostKey).toBe(key);

    const delivered = await createInventorySource(t, sftpFields(t, sftp, { outbound: 'outbound' }));
    const delivery = await deliverByUpload(delivered.id);
    expect(delivery.sftp?.ok, delivery.sftp?.message).toBe(true);
    expect((await load(delivered.id)).sftpHostKey).toBe(key);

    const refused = await createInventorySource(t, sftpFields(t, sftp, { password: 'wrong-password' }));
    expect((await pollInventorySftp(t.app.context, refused.id)).status).toBe('failed');
    expect((await load(refused.id)).sftpHostKey).toBeNull();
  });

  it('a test of settings that are not the saved ones shows the key but records nothing', async () => {
    const source = await createInventorySource(t, sftpFields(t, { ...sftp, port: 1 }));
    const response = await call('/api/inventory-sources/test-sftp', {
      id: source.id,
      sftpServerAddress: sftp.host,
      sftpPort: sftp.port,
      sftpUsername: sftp.username,
      sftpPassword: sftp.password,
    });
    expect(response.json()).toMatchObject({
      ok: true,
      hostKey: await sftp.hostKey(),
      hostKeyStatus: 'not-recorded',
      recordedHostKey: null,
    });
    expect((await load(source.id)).sftpHostKey).toBeNull();
  });
});

describe('a server that comes back with another host key', () => {
  it('is refused by test, intake and delivery naming both keys, until the user accepts the new one', async () => {
    const source = await createInventorySource(
      t,
      sftpFields(t, sftp, { inbound: 'inbound', outbound: 'outbound' }),
    );
    const oldKey = (await testSaved(source.id)).hostKey!;

    await sftp.restart({ newHostKey: true });
    const newKey = await sftp.hostKey();
    expect(newKey).not.toBe(oldKey);

    const tested = await testSaved(source.id);
    expect(tested).toMatchObject({
      ok: false,
      hostKey: newKey,
      hostKeyStatus: 'changed',
      recordedHostKey: oldKey,
      entries: [],
    });
    expect(tested.message).toBe(
      `The SFTP server 127.0.0.1:${sftp.port} presented the host key ${newKey}, but the key recorded for it is ${oldKey}. The connection was refused and the password was not sent. If the server was reinstalled or its key replaced, confirm the new key with its administrator, then accept it in the inventory source editor.`,
    );
    expect(await load(source.id)).toMatchObject({ sftpHostKey: oldKey, sftpHostKeyPresented: newKey });

    const polled = await pollInventorySftp(t.app.context, source.id);
    expect(polled).toMatchObject({ status: 'failed', message: `SFTP intake failed: ${tested.message}` });
    const delivery = await deliverByUpload(source.id);
    expect(delivery.sftp).toEqual({ ok: false, message: tested.message, remotePath: null });

    // Only the key the editor showed, by a user of inventory sources.
    expect((await accept(source.id, newKey, orderUser)).statusCode).toBe(403);
    const malformed = await accept(source.id, 'not a fingerprint');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({ fingerprint: 'Not an SSH host key fingerprint' });
    const otherKey = 'SHA256:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
    const wrong = await accept(source.id, otherKey);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(
      `The SFTP server now presents ${newKey}, not ${otherKey}: check that key before accepting it.`,
    );
    expect((await accept(987_654, newKey)).statusCode).toBe(404);
    expect((await load(source.id)).sftpHostKey).toBe(oldKey);

    const accepted = await accept(source.id, newKey);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ sftpHostKey: newKey, sftpHostKeyPresented: null });
    expect(await testSaved(source.id)).toMatchObject({
      ok: true,
      hostKeyStatus: 'trusted',
      recordedHostKey: newKey,
    });
    expect((await pollInventorySftp(t.app.context, source.id)).status).toBe('succeeded');
  });

  it('the recorded key seen again settles an earlier refused one', async () => {
    const source = await createInventorySource(t, sftpFields(t, sftp));
    const key = (await testSaved(source.id)).hostKey!;
    await t.db.db
      .update(schema.inventorySources)
      .set({
        sftpHostKeyPresented: 'SHA256:CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC',
        sftpHostKeyPresentedAt: new Date(),
      })
      .where(eq(schema.inventorySources.id, source.id));
    expect(await testSaved(source.id)).toMatchObject({ ok: true, hostKeyStatus: 'trusted' });
    expect(await load(source.id)).toMatchObject({ sftpHostKey: key, sftpHostKeyPresented: null });
  });
});

describe('a new server address or port forgets the recorded key', () => {
  it('with the password typed again (the secret rule), the key is cleared; a new user name keeps it', async () => {
    // Everything the editor's save needs.
    const mailbox = await insertEmailSource(t.db.db, { username: 'stock', email: 'stock@shop.example' });
    const source = await createInventorySource(t, {
      ...sftpFields(t, sftp),
      emailSourceId: mailbox!.id,
      sampleFileId: await storeFile(t.db.db, 'sample.csv', Buffer.from('Item Number,Status,Status Date\n')),
      userActivatedItemNumbers: '1,2',
      outputItemNumberColumnName: 'Item Number',
      outputItemStatusColumnName: 'Status',
      outputItemStatusDateColumnName: 'Status Date',
    });
    const key = (await testSaved(source.id)).hostKey!;
    const loaded = await load(source.id);
    const save = (changes: Record<string, unknown>) =>
      call('/api/inventory-sources/inventory/save', {
        ...loaded,
        ...changes,
        fileData: { ...loaded.fileData, inventoryFile: null },
      } as Record<string, unknown>);

    const sameServer = await save({ sftpUsername: sftp.username.toUpperCase(), sftpPassword: 'typed-again' });
    expect(sameServer.statusCode, sameServer.body).toBe(200);
    expect((await load(source.id)).sftpHostKey).toBe(key);

    const blank = await save({ sftpPort: sftp.port + 1, sftpPassword: '' });
    expect(blank.statusCode).toBe(400);
    expect((await load(source.id)).sftpHostKey).toBe(key);

    const moved = await save({ sftpPort: sftp.port + 1, sftpPassword: sftp.password });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await load(source.id)).toMatchObject({
      sftpHostKey: null,
      sftpHostKeyRecordedAt: null,
      sftpHostKeyPresented: null,
    });
  });
});
