/**
 * POST /api/order-submission/runs/{runId}/resend (docs/behaviour/order-submission.md#re-send): a vendor run's e-mail sent
 * again as it was, recorded as a new run (trigger manual, reprocessOfRunId = the original); refused for
 * other runs, other roles and no session. Real SMTP catcher.
 */
import type { ResendSubmissionOutcome, VendorSubmissionDetails } from '@app/contracts';
import { schema } from '@app/db';
import { DB_KIND } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SmtpCatcher, startSmtpCatcher } from '../../../../../../test-servers/smtp-catcher';
import { createTestApp, type Session, sealedMailboxPassword, type TestApp } from '../../../../test/helper';
import { createSendingEmailSource } from '../../../../test/modules/inventory-delivery';
import {
  createSubmissionSource,
  createVendor,
  deliverOrderEmail,
  fixture,
  localTime,
  runsOf,
  useTestClock,
} from '../../../../test/modules/order-submission-engine';

let t: TestApp;
let catcher: SmtpCatcher;
let submissionUser: Session;
let admin: Session;
let orderUser: Session;
let senderId: number;
let sourceId: number;
let vendorId: number;
let vendorRunId: number;
let batchRunId: number;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await createTestApp();
  useTestClock(t, localTime('2025-06-02', 9));
  submissionUser = (await t.signIn({ submissionUser: true })).session;
  admin = (await t.signIn({ isAdmin: true })).session;
  orderUser = (await t.signIn({ orderUser: true, inventoryUser: true })).session;
  senderId = (await createSendingEmailSource(t, catcher, { email: 'purchasing@shop.example' })).id;
  sourceId = (await createSubmissionSource(t)).id;
  vendorId = (
    await createVendor(t, {
      orderSubmissionSourceId: sourceId,
      sendFromEmailSourceModelId: senderId,
      vendorNameFromFile: 'Acme Supply',
      submitEmails: 'orders@acme.example',
      submitCcEmails: 'buyer@shop.example',
      submitBccEmails: 'archive@shop.example',
      submitEmailSubjectLine: 'PO {poNumbers}',
      submitEmailBodyText: 'Please ship {poNumbers}.',
    })
  ).id;
  await deliverOrderEmail(t, sourceId, {
    file: { fileName: 'orders_1.xlsx', content: fixture('order-file.xlsx') },
  });
  vendorRunId = (await runsOf(t, 'vendor', vendorId))[0]!.id;
  batchRunId = (await runsOf(t, 'order-submission', sourceId)).at(-1)!.id;
}, 600_000);
afterAll(async () => {
  await Promise.all([t?.close(), catcher?.close()]);
});
beforeEach(() => {
  catcher.messages.length = 0;
});

function resend(runId: number | string, session?: Session) {
  return t.app.inject({
    method: 'POST',
    url: `/api/order-submission/runs/${runId}/resend`,
    ...(session ? { headers: session.headers } : {}),
  });
}

async function runRow(runId: number) {
  const [row] = await t.db.db.select().from(schema.runs).where(eq(schema.runs.id, runId));
  return row!;
}

describe(`re-sending a vendor submission (${DB_KIND}, SMTP catcher)`, () => {
  it('sends the same e-mail again to the same recipients and records a manual run linked to the original', async () => {
    const original = await runRow(vendorRunId);
    expect(original.status).toBe('succeeded');
    const response = await resend(vendorRunId, submissionUser);
    expect(response.statusCode, response.body).toBe(200);
    const outcome = response.json<ResendSubmissionOutcome>();
    expect(outcome).toMatchObject({ status: 'succeeded' });
    expect(outcome.message).toMatch(/^Re-sent run #\d+ to Acme Supply: Sent to orders@acme\.example/);

    const [mail] = await catcher.waitFor(1);
    expect(mail!.envelopeTo.sort()).toEqual([
      'archive@shop.example',
      'buyer@shop.example',
      'orders@acme.example',
    ]);
    expect(mail!.parsed.subject).toBe('PO 000123');
    expect(mail!.parsed.text?.trim()).toBe('Please ship 000123.');
    const [stored] = await t.db.db
      .select()
      .from(schema.storedFiles)
      .where(eq(schema.storedFiles.id, original.outputFileId!));
    expect(mail!.parsed.attachments).toHaveLength(1);
    expect(mail!.parsed.attachments[0]!.filename).toBe(stored!.fileName);
    expect(mail!.parsed.attachments[0]!.content.equals(stored!.content)).toBe(true);

    const again = await runRow(outcome.runId);
    expect(again).toMatchObject({
      sourceType: 'vendor',
      sourceId: vendorId,
      trigger: 'manual',
      status: 'succeeded',
      reprocessOfRunId: vendorRunId,
      outputFileId: original.outputFileId,
    });
    expect(again.details).toMatchObject({ resendOf: vendorRunId, to: ['orders@acme.example'] });

    // An admin may too.
    expect((await resend(vendorRunId, admin)).statusCode).toBe(200);
  });

  it('re-sends a submission whose first send failed, once the sender is fixed', async () => {
    const broken = await createSendingEmailSource(
      t,
      { ...catcher, password: 'not-the-password' },
      { email: 'broken@shop.example' },
    );
    const source = await createSubmissionSource(t);
    const globex = await createVendor(t, {
      orderSubmissionSourceId: source.id,
      sendFromEmailSourceModelId: broken.id,
      vendorNameFromFile: 'Globex',
      submitEmails: 'po@globex.example',
    });
    await deliverOrderEmail(t, source.id, {
      file: { fileName: 'orders_2.xlsx', content: fixture('order-file.xlsx') },
    });
    expect(catcher.messages).toHaveLength(0);
    const [failed] = await runsOf(t, 'vendor', globex.id);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed!.message).toContain('Could not sign in to 127.0.0.1');
    expect(failed!.message).toContain('Use Re-send once the problem is fixed.');
    expect((failed!.details as VendorSubmissionDetails).errors?.[0]).toContain('Could not sign in');

    await t.db.db
      .update(schema.emailSources)
      .set({ passwordEncrypted: sealedMailboxPassword(t, broken, catcher.password) })
      .where(eq(schema.emailSources.id, broken.id));
    const response = await resend(failed!.id, submissionUser);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ResendSubmissionOutcome>().status).toBe('succeeded');
    const [mail] = await catcher.waitFor(1);
    expect(mail!.envelopeTo).toEqual(['po@globex.example']);
    expect(mail!.parsed.from?.value[0]?.address).toBe('broken@shop.example');
  });

  it('refuses other roles and callers without a session, and sends nothing', async () => {
    const before = (await runsOf(t, 'vendor', vendorId)).length;
    expect((await resend(vendorRunId, orderUser)).statusCode).toBe(403);
    expect((await resend(vendorRunId)).statusCode).toBe(401);
    expect(catcher.messages).toHaveLength(0);
    expect(await runsOf(t, 'vendor', vendorId)).toHaveLength(before);
  });

  it('answers 400 for a bad id or a run that is not a vendor submission, and 404 for an unknown run', async () => {
    const before = (await runsOf(t, 'vendor', vendorId)).length;
    const bad = await resend('abc', submissionUser);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'runId must be a whole number' });
    expect((await resend(999_999, submissionUser)).statusCode).toBe(404);
    const notVendor = await resend(batchRunId, submissionUser);
    expect(notVendor.statusCode).toBe(400);
    expect(notVendor.json().message).toBe(
      `Run #${batchRunId} is not a vendor submission; only vendor submissions can be re-sent.`,
    );
    expect(catcher.messages).toHaveLength(0);
    expect(await runsOf(t, 'vendor', vendorId)).toHaveLength(before);
  });

  it("re-processes a source's order file through the run history: a new batch of its own, sent again", async () => {
    const intake = (await runsOf(t, 'order-submission', sourceId))[0]!;
    expect(intake.inputFileId).not.toBeNull();
    const response = await t.as(submissionUser).post(`/api/runs/${intake.id}/reprocess`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'succeeded', reprocessOfRunId: intake.id });
    const [mail] = await catcher.waitFor(1);
    expect(mail!.envelopeTo).toContain('orders@acme.example');
    const vendorRuns = await runsOf(t, 'vendor', vendorId);
    expect(vendorRuns.at(-1)).toMatchObject({ status: 'succeeded', trigger: 'reprocess' });
  });
});
