import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import { type SmtpCatcher, smtpEnv, startSmtpCatcher } from '../../../../../test-servers/smtp-catcher';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  ACME_TRACKING,
  buildMail,
  createMailboxSource,
  createTrackingSource,
  trackingCsv,
} from '../../../test/modules/intake';
import { insertSetting } from '../../../test/modules/notifications';
import { pollMailbox } from '../intake/poll-mailbox';
import { sendDigest } from './send-digest';

const USER = { user: 'digest-mail@shop.example', password: 'digest-secret' };
const clock = { now: () => new Date() };

let t: TestApp;
let dovecot: DovecotServer;
let smtp: SmtpCatcher;
let emailSourceId: number;
let trackingId: number;

const csv = (name: string, line: string) => ({ filename: name, content: trackingCsv([[line, `1Z${line}`]]) });

async function digest() {
  smtp.messages.length = 0;
  const setting = await insertSetting(t, clock, {
    sourceTypeId: 3,
    notificationInterval: 'Daily',
    emailSubjectPrefix: '[Orders]',
    includeErrorAlerts: true,
  });
  await sendDigest(t.app.context, setting, { now: new Date(), trigger: 'schedule' });
  expect(smtp.messages).toHaveLength(1);
  return smtp.messages[0]!.parsed;
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  [t, dovecot] = await Promise.all([
    createTestApp({ env: { ...smtpEnv(smtp), MAIL_POLL_TIMEOUT_SECONDS: '60' } }),
    startDovecot({ users: [USER] }),
  ]);
  await t.createUser({ email: 'orders.lead@example.com', orderUser: true, sendNotificationsToEmail: true });
  emailSourceId = (await createMailboxSource(t, dovecot, USER)).id;
  trackingId = (await createTrackingSource(t, emailSourceId, ACME_TRACKING)).id;
  const mails = [
    {
      from: 'tracking@acme.example',
      subject: 'Shipment report',
      attachments: [csv('tracking_1.csv', 'SO-1')],
    },
    {
      from: 'tracking@acme.example',
      subject: 'Shipment report 27/11',
      attachments: [csv('tracking_2.csv', 'SO-2')],
    },
    { from: 'friend@home.example', subject: 'Lunch?', attachments: [] },
  ];
  for (const mail of mails) await dovecot.appendMessage(USER.user, await buildMail(mail));
  expect((await pollMailbox(t.app.context, emailSourceId, { trigger: 'manual' })).status).toBe('succeeded');
}, 180_000);
afterAll(async () => {
  await Promise.all([t?.close(), dovecot?.stop(), smtp?.close()]);
});

describe(`unmatched mail in the error alerts (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, real Dovecot, SMTP catcher)`, () => {
  it('lists the message the source expected, with the rule that turned it away, and counts it as an error', async () => {
    const mail = await digest();
    expect(mail.subject).toBe('[Orders] Daily digest – Acme tracking: 1 error');
    const text = mail.text ?? '';
    expect(text).toContain('Error alerts');
    expect(text).toMatch(
      /Unmatched e-mail: .* · tracking@acme\.example · "Shipment report 27\/11" — subject 'Shipment report 27\/11' does not equal 'Shipment report'; turn on Contains to match it/,
    );
    expect(text).toContain('Offer again');
    // A sender no source expects is not the source's business.
    expect(text).not.toContain('friend@home.example');
    expect(mail.html).toContain('Unmatched e-mail');
  });

  it('drops it once the rule is fixed and the message offered again', async () => {
    await t.db.db
      .update(schema.orderTrackingSources)
      .set({ containsNotExact: true })
      .where(eq(schema.orderTrackingSources.id, trackingId));
    const { session } = await t.signIn({ orderUser: true });
    const [entry] = await t.db.db
      .select()
      .from(schema.mailLedgerEntries)
      .where(eq(schema.mailLedgerEntries.subject, 'Shipment report 27/11'));
    const response = await t
      .as(session)
      .post(`/api/email-sources/${emailSourceId}/messages/${entry!.id}/offer-again`);
    expect(response.json().sources[0].outcome, response.body).toBe('processed');
    const mail = await digest();
    expect(mail.subject).toBe('[Orders] Daily digest – Acme tracking: no errors');
    expect(mail.text).not.toContain('Unmatched e-mail');
  });
});
