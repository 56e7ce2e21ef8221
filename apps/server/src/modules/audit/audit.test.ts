/**
 * The audit log end to end (docs/behaviour/audit-log.md): each audited editor's change leaves one entry in
 * its own transaction (a refused change leaves none), secrets never reach the table, GET /api/audit answers
 * by role, and housekeeping drops entries past AUDIT_RETENTION_DAYS.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AuditEntry } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEmailSource } from '../../../test/factories';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import { createSubmissionSource } from '../../../test/modules/order-submission-engine';
import {
  emailSourceBody,
  inventoryFileDataBody,
  inventorySourceBody,
  orderTrackingSourceBody,
} from '../../../test/payloads';
import { runHousekeeping } from '../../jobs/housekeeping';
import { issuePasswordLink } from '../auth/auth-service';
import { recordAudit } from './record-audit';

const SAMPLE = readFileSync(
  fileURLToPath(new URL('../../../test/fixtures/inventory-sample.xlsx', import.meta.url)),
);

let t: TestApp;
let admin: Session;
let orderUser: Session;
let inventoryUser: Session;
let submissionUser: Session;
let emailSourceId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn({ isAdmin: true })).session;
  orderUser = (await t.signIn({ orderUser: true })).session;
  inventoryUser = (await t.signIn({ inventoryUser: true })).session;
  submissionUser = (await t.signIn({ submissionUser: true })).session;
  emailSourceId = (await insertEmailSource(t.db.db, { username: 'Audit mailbox' }))!.id;
}, 600_000);
afterAll(async () => {
  await t.close();
});

async function entriesOf(entityType: string, entityId: number) {
  return t.db.db
    .select()
    .from(schema.auditEntries)
    .where(and(eq(schema.auditEntries.entityType, entityType), eq(schema.auditEntries.entityId, entityId)))
    .orderBy(schema.auditEntries.id);
}

async function history(session: Session, query: string) {
  const response = await t.as(session).get(`/api/audit?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { entries: AuditEntry[]; totalRecordCount: number };
}

describe('every audited editor records its change', () => {
  it('e-mail source: created, updated, switched off, deleted; the password only as "changed"', async () => {
    const api = t.as(orderUser);
    const body = emailSourceBody('audit-mail', { password: 'first-secret-value' });
    const created = await api.post('/api/email-sources/email/save', body);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const edited = await api.post('/api/email-sources/email/save', {
      ...body,
      id,
      incomingPort: 143,
      password: 'second-secret-value',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await api.post(`/api/email-sources/${id}/active`, { activeStatus: false })).statusCode).toBe(200);
    expect((await api.post(`/api/email-sources/delete/${id}`)).statusCode).toBe(204);

    const rows = await entriesOf('email-source', id);
    expect(rows.map((row) => row.action)).toEqual(['created', 'updated', 'deactivated', 'deleted']);
    expect(rows.every((row) => row.userId === orderUser.userId && row.username === orderUser.username)).toBe(
      true,
    );
    expect(rows[1]!.changes).toEqual({ incomingPort: { from: 993, to: 143 }, password: 'changed' });
    expect(rows[2]!.changes).toEqual({ activeStatus: { from: true, to: false } });
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('secret-value');
    expect(stored).not.toContain('passwordEncrypted');
  });

  it('a refused change leaves no entry (the entry is written in the change’s transaction)', async () => {
    const before = await t.db.db.select().from(schema.auditEntries);
    const refused = await t.as(orderUser).post('/api/order-tracking-sources/save', {
      ...orderTrackingBody(),
      emailSourceId: 999_999,
    });
    expect(refused.statusCode).toBe(400);
    const deleteMissing = await t.as(orderUser).post('/api/order-tracking-sources/delete/999999');
    expect(deleteMissing.statusCode).toBe(404);
    expect(await t.db.db.select().from(schema.auditEntries)).toHaveLength(before.length);
  });

  it('recordAudit inside a transaction that rolls back leaves nothing', async () => {
    const failing = t.db.db.transaction(async (tx) => {
      await recordAudit(tx, {
        actor: { id: admin.userId, username: admin.username },
        entityType: 'vendor',
        entityId: 424_242,
        action: 'updated',
        before: { a: 1 },
        after: { a: 2 },
      });
      throw new Error('the change itself failed');
    });
    await expect(failing).rejects.toThrow('the change itself failed');
    expect(await entriesOf('vendor', 424_242)).toHaveLength(0);
  });

  it('order tracking source: one changed column mapping reads as one field', async () => {
    const api = t.as(orderUser);
    const created = await api.post('/api/order-tracking-sources/save', orderTrackingBody());
    expect(created.statusCode, created.body).toBe(200);
    const source = created.json();
    const edited = await api.post('/api/order-tracking-sources/save', {
      ...orderTrackingBody(),
      id: source.id,
      columnNormalizationValues: {
        ...orderTrackingBody().columnNormalizationValues,
        shippingCompany: 'Ship Via',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const rows = await entriesOf('order-tracking-source', source.id);
    expect(rows.map((row) => row.action)).toEqual(['created', 'updated']);
    expect(rows[1]!.changes).toEqual({
      'columnMapping.shippingCompany': { from: 'Carrier', to: 'Ship Via' },
    });
    // docs/behaviour/audit-log.md#history-views: a creation lists no field empty on both sides.
    expect(Object.values(rows[0]!.changes)).not.toContainEqual({ from: null, to: '' });
    expect(Object.values(rows[0]!.changes)).not.toContainEqual({ from: null, to: null });
  });

  it('the history names the e-mail source an entry refers to while it exists', async () => {
    const created = await t.as(orderUser).post('/api/order-tracking-sources/save', orderTrackingBody());
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const [entry] = (await history(orderUser, `entityType=order-tracking-source&entityId=${id}`)).entries;
    expect(entry!.changes.emailSourceId).toEqual({ from: null, to: emailSourceId });
    expect(entry!.valueNames).toEqual({
      emailSourceId: { [String(emailSourceId)]: expect.stringMatching(/^Audit mailbox \(/) },
    });

    // Moved to another mailbox: both ends are named.
    const other = (await insertEmailSource(t.db.db, { username: 'Other mailbox' }))!.id;
    const moved = await t.as(orderUser).post('/api/order-tracking-sources/save', {
      ...orderTrackingBody(),
      id,
      emailSourceId: other,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [latest] = (await history(orderUser, `entityType=order-tracking-source&entityId=${id}`)).entries;
    expect(latest!.changes).toEqual({ emailSourceId: { from: emailSourceId, to: other } });
    expect(latest!.valueNames.emailSourceId).toEqual({
      [String(emailSourceId)]: expect.stringMatching(/^Audit mailbox \(/),
      [String(other)]: expect.stringMatching(/^Other mailbox \(/),
    });
  });

  it('inventory source: the SFTP password as "changed", the new sample file by its name', async () => {
    const api = t.as(inventoryUser);
    const body = {
      ...inventorySourceBody(emailSourceId, { sourceName: 'Audited stock' }),
      fileData: inventoryFileDataBody(SAMPLE.toString('base64')),
    };
    const created = await api.post('/api/inventory-sources/inventory/save', body);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const edited = await api.post('/api/inventory-sources/inventory/save', {
      ...body,
      id,
      minItemsToBeActive: 5,
      sftpServerAddress: 'sftp.example.com',
      sftpPort: 22,
      sftpUsername: 'stock',
      sftpPassword: 'sftp-secret-value',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const rows = await entriesOf('inventory-source', id);
    expect(rows.map((row) => row.action)).toEqual(['created', 'updated']);
    expect(rows[1]!.changes).toMatchObject({
      minItemsToBeActive: { from: 2, to: 5 },
      sftpServerAddress: { from: '', to: 'sftp.example.com' },
      sftpPassword: 'changed',
      sampleFile: { from: null, to: 'inventory-sample.xlsx' },
    });
    expect(JSON.stringify(rows)).not.toContain('sftp-secret-value');
  });

  it('order submission source and vendor (aliases under their vendor)', async () => {
    const api = t.as(submissionUser);
    const parent = await createSubmissionSource(t, { emailSourceId });
    const toggled = await api.post(`/api/order-submission/sources/${parent.id}/active`, {
      activeStatus: false,
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect((await entriesOf('submission-source', parent.id)).map((row) => row.action)).toEqual([
      'deactivated',
    ]);

    const vendor = {
      id: 0,
      orderSubmissionSourceId: parent.id,
      sendFromEmailSourceModelId: emailSourceId,
      vendorNameFromFile: 'Audited Vendor',
      submitEmails: 'orders@vendor.example',
      submitEmailSubjectLine: 'PO {poNumbers}',
      submitFileHeaderRowIndex: 0,
      vendorSourceAliases: [
        { id: 0, vendorAliasNameFromFile: 'Audited Vendor Inc', vendorProvidedAccountNumber: 'A-1' },
      ],
    };
    const created = await api.post('/api/order-submission/vendor/save', vendor);
    expect(created.statusCode, created.body).toBe(200);
    const saved = created.json();
    const aliasId = saved.vendorSourceAliases[0].id as number;
    expect((await api.post(`/api/order-submission/vendor/alias/delete/${aliasId}`)).statusCode).toBe(204);

    const rows = await entriesOf('vendor', saved.id);
    expect(rows.map((row) => row.action)).toEqual(['created', 'alias-deleted']);
    expect(rows[0]!.changes).toMatchObject({
      vendorNameFromFile: { from: null, to: 'Audited Vendor' },
      'aliases.Audited Vendor Inc': {
        from: null,
        to: { activeStatus: true, deletedStatus: false, vendorProvidedAccountNumber: 'A-1' },
      },
    });
    expect(rows[1]!.changes).toEqual({
      'aliases.Audited Vendor Inc': {
        from: { activeStatus: true, deletedStatus: false, vendorProvidedAccountNumber: 'A-1' },
        to: null,
      },
    });
  });

  it('notification setting: created, updated, deleted', async () => {
    const api = t.as(orderUser);
    const body = { name: 'Audited digest', sourceTypeId: 3, sourceIds: [], notificationInterval: 'Daily' };
    const created = await api.post('/api/notification-settings', body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(
      (await api.put(`/api/notification-settings/${id}`, { ...body, name: 'Renamed digest' })).statusCode,
    ).toBe(200);
    expect((await api.delete(`/api/notification-settings/${id}`)).statusCode).toBe(204);
    const rows = await entriesOf('notification-setting', id);
    expect(rows.map((row) => row.action)).toEqual(['created', 'updated', 'deleted']);
    expect(rows[1]!.changes).toEqual({ name: { from: 'Audited digest', to: 'Renamed digest' } });
  });

  it('users: an admin’s edit, the user’s own password change as "password: changed", deletion', async () => {
    const { user } = await t.signIn({ orderUser: true });
    const own = await t.loginAs(user);
    const adminApi = t.as(admin);
    const edited = await adminApi.post('/api/accounts/update/user', {
      userId: user.id,
      username: user.username,
      email: user.email,
      firstName: 'Audrey',
      lastName: '',
      password: '',
      confirmPassword: '',
      isAdmin: false,
      inventoryUser: true,
      orderUser: true,
      submissionUser: false,
      sendNotificationsToEmail: false,
      activeStatus: true,
      debugMode: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const changed = await t.as(own).post('/api/accounts/update/password', {
      UserID: user.id,
      Username: user.username,
      OldPassword: 'correct horse battery',
      NewPassword: 'a brand new passphrase 42',
      ConfirmPassword: 'a brand new passphrase 42',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await adminApi.post(`/api/accounts/delete/${user.id}`)).statusCode).toBe(204);

    const rows = await entriesOf('user', user.id);
    // The user's own entry keeps their name; its user id went with the account.
    expect(rows.map((row) => [row.action, row.userId, row.username])).toEqual([
      ['updated', admin.userId, admin.username],
      ['password-changed', null, user.username],
      ['deleted', admin.userId, admin.username],
    ]);
    expect(rows[0]!.changes).toEqual({
      firstName: { from: null, to: 'Audrey' },
      inventoryUser: { from: false, to: true },
    });
    expect(rows[1]!.changes).toEqual({ password: 'changed' });
    expect(JSON.stringify(rows)).not.toMatch(/argon2|brand new passphrase/);
  });
});

describe('passwords set with an e-mailed link', () => {
  it('are recorded as the user’s own "password: changed"', async () => {
    const { user } = await t.signIn({ orderUser: true });
    const { link } = await issuePasswordLink(t.db.db, t.config, user.id, 60);
    const token = new URL(link).hash.replace('#token=', '');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password/confirm',
      payload: { token, newPassword: 'a password from the link' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const rows = await entriesOf('user', user.id);
    expect(rows.map((row) => [row.action, row.userId, row.username, row.changes])).toEqual([
      ['password-changed', user.id, user.username, { password: 'changed' }],
    ]);
  });
});

describe('GET /api/audit', () => {
  it('admins read everything, filtered by entity type, entity, user and dates, newest first', async () => {
    const all = await history(admin, '');
    expect(all.totalRecordCount).toBeGreaterThan(5);
    const ats = all.entries.map((entry) => entry.at);
    expect([...ats].sort().reverse()).toEqual(ats);

    const mail = await history(admin, 'entityType=email-source');
    expect(mail.entries.length).toBeGreaterThan(0);
    expect(mail.entries.every((entry) => entry.entityType === 'email-source')).toBe(true);

    const byUser = await history(admin, `userId=${submissionUser.userId}`);
    expect(byUser.entries.length).toBeGreaterThan(0);
    expect(byUser.entries.every((entry) => entry.username === submissionUser.username)).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    expect((await history(admin, `from=${today}&to=${today}`)).totalRecordCount).toBe(all.totalRecordCount);
    expect((await history(admin, 'to=2000-01-01')).totalRecordCount).toBe(0);
  });

  it('editors read the history of entities they may edit, nothing else', async () => {
    const [entry] = (await history(admin, 'entityType=order-tracking-source')).entries;
    const query = `entityType=order-tracking-source&entityId=${entry!.entityId}`;
    expect((await history(orderUser, query)).entries.length).toBeGreaterThan(0);
    expect((await t.as(inventoryUser).get(`/api/audit?${query}`)).statusCode).toBe(403);
    expect((await t.as(orderUser).get('/api/audit')).statusCode).toBe(403);
    expect((await t.as(orderUser).get('/api/audit?entityType=user')).statusCode).toBe(403);
    expect((await t.as(orderUser).get('/api/audit?entityType=webhook')).statusCode).toBe(403);
    // A notification setting goes by its own source type, so the setting must be named.
    expect((await t.as(orderUser).get('/api/audit?entityType=notification-setting')).statusCode).toBe(400);
  });

  it('bad input is a 400 naming the field; no session is a 401', async () => {
    for (const query of [
      'entityType=nope',
      'page=0',
      'entityId=abc',
      'from=yesterday',
      'from=2026-02-02&to=2026-02-01',
    ]) {
      const response = await t.as(admin).get(`/api/audit?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });
});

describe('retention', () => {
  it('housekeeping deletes entries older than AUDIT_RETENTION_DAYS and keeps the rest', async () => {
    const now = new Date('2030-06-15T12:00:00Z');
    const day = 86_400_000;
    const base = {
      username: 'system',
      entityType: 'vendor',
      entityId: 777_777,
      action: 'updated',
      changes: {},
    };
    await t.db.db.insert(schema.auditEntries).values([
      { ...base, at: new Date(now.getTime() - 11 * day) },
      { ...base, at: new Date(now.getTime() - 9 * day) },
    ]);
    const removed = await runHousekeeping(t.db.db, now, { auditRetentionDays: 10 });
    expect(removed.auditEntries).toBeGreaterThanOrEqual(1);
    const left = await entriesOf('vendor', 777_777);
    expect(left.map((row) => row.at.getTime())).toEqual([now.getTime() - 9 * day]);
  });

  it('AUDIT_RETENTION_DAYS defaults to 365', () => {
    expect(t.config.auditRetentionDays).toBe(365);
  });
});

function orderTrackingBody() {
  return orderTrackingSourceBody(emailSourceId, {
    sourceName: 'Audited shipments',
    containsNotExact: false,
    columnsToIgnore: '',
    secondaryDelimiter: '',
  });
}
