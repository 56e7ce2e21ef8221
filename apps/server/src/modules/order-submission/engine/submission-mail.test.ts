/**
 * Order submission end to end against real peers (docs/behaviour/order-submission.md#overview): a sales channel's order e-mail with a
 * LibreOffice-made order file lands in a real Dovecot mailbox; one "Check now" poll records it and, after
 * the commit, sends each known vendor its purchase-order e-mail (through the vendor's send-from e-mail
 * source, to a real SMTP catcher) with the file built from the vendor's own template, checked cell by cell.
 */
import type { SubmissionBatchDetails, VendorSubmissionDetails } from '@app/contracts';
import { schema } from '@app/db';
import { DB_KIND } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../../test-servers/dovecot';
import { type SmtpCatcher, startSmtpCatcher } from '../../../../../../test-servers/smtp-catcher';
import { createTestApp, type Session, type TestApp } from '../../../../test/helper';
import { buildMail, createMailboxSource } from '../../../../test/modules/intake';
import {
  ACME_ROWS,
  attachedRows,
  createSubmissionSource,
  createVendor,
  fixture,
  GLOBEX_ROWS,
  localTime,
  mailTo,
  runsOf,
  TEMPLATE_HEADER,
  useTestClock,
} from '../../../../test/modules/order-submission-engine';
import { closeBrowser } from '../../../integrations/browser/chromium';
import { parseTable } from '../../../integrations/spreadsheet';
import { XLSX_CONTENT_TYPE } from '../../files/stored-files';
import { runDueSubmissionWork } from './due-work';

const MAILBOX = { user: 'orders-intake@shop.example', password: 'orders-intake-secret' };
const CHANNEL = 'orders@channel.example';

let t: TestApp;
let dovecot: DovecotServer;
let catcher: SmtpCatcher;
let operator: Session;

beforeAll(async () => {
  [dovecot, catcher] = await Promise.all([
    startDovecot({ users: [MAILBOX] }),
    startSmtpCatcher({ user: MAILBOX.user, password: MAILBOX.password }),
  ]);
  t = await createTestApp({ env: { MAIL_POLL_TIMEOUT_SECONDS: '120' } });
  operator = (await t.signIn({ submissionUser: true })).session;
}, 600_000);
afterAll(async () => {
  await Promise.all([t?.close(), dovecot?.stop(), catcher?.close(), closeBrowser()]);
});
beforeEach(() => {
  catcher.messages.length = 0;
});

async function checkNow(emailSourceId: number) {
  const response = await t.as(operator).post(`/api/email-sources/${emailSourceId}/poll`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ status: string; processed: number; messagesSeen: number }>();
}

describe(`order submission by e-mail (${DB_KIND}, real Dovecot and SMTP catcher)`, () => {
  it('sends each known vendor its own file, names the unknown vendor, and sends nothing again on the next poll', async () => {
    useTestClock(t, localTime('2025-01-15', 9));
    const mailbox = await createMailboxSource(t, dovecot, MAILBOX, {
      email: 'purchasing@shop.example',
      outgoingServer: catcher.host,
      outgoingPort: catcher.port,
    });
    const source = await createSubmissionSource(t, { emailSourceId: mailbox.id, containsNotExact: true });
    const acme = await createVendor(t, {
      orderSubmissionSourceId: source.id,
      sendFromEmailSourceModelId: mailbox.id,
      vendorNameFromFile: 'Acme Supply',
      vendorProvidedAccountNumber: 'ACME-001',
      submitEmails: 'orders@acme.example; desk@acme.example',
      submitCcEmails: 'buyer@shop.example',
      submitBccEmails: 'archive@shop.example',
      submitEmailSubjectLine: 'PO {poNumbers} from Shop ({originalSubject})',
      submitEmailBodyText: 'Hello Acme,\nplease ship PO {poNumbers}.\n--- original ---\n{originalBody}',
      staticFileData1: 'NET30',
      mapStaticFileData1: 'Notes',
      // Without an account number of its own, the alias's lines carry the vendor's.
      vendorSourceAliases: [{ id: 0, parentVendorSourceId: 0, vendorAliasNameFromFile: 'ACME SUPPLY CO.' }],
    });
    const globex = await createVendor(t, {
      orderSubmissionSourceId: source.id,
      sendFromEmailSourceModelId: mailbox.id,
      vendorNameFromFile: 'Globex',
      vendorProvidedAccountNumber: 'GX-77',
      submitEmails: 'po@globex.example',
      submitEmailSubjectLine: 'Globex order {poNumbers}',
      submitEmailBodyText: 'Orders {poNumbers} attached.',
      template: 'template.xls',
      vendorWantsTrimmedItemDescription: true,
      vendorRegexForItemDescription: 'SKU: ([A-Z0-9-]+)',
      vendorWantsPDF: true,
      vendorWantsForwardedEmail: true,
      staticFileData1: 'Rush',
      mapStaticFileData1: 'J',
    });

    const uid = await dovecot.appendMessage(
      MAILBOX.user,
      await buildMail({
        from: `"Sales Channel" <${CHANNEL}>`,
        subject: 'Daily orders 2025-01-15',
        text: 'Six order lines today.',
        attachments: [
          {
            filename: 'orders_20250115.xlsx',
            content: fixture('order-file.xlsx'),
            contentType: XLSX_CONTENT_TYPE,
          },
        ],
      }),
    );
    expect(uid).toBeGreaterThan(0);

    const poll = await checkNow(mailbox.id);
    expect(poll).toMatchObject({ status: 'succeeded', messagesSeen: 1, processed: 1 });
    expect(catcher.messages).toHaveLength(2);

    // Acme: both its own lines and the alias's, one e-mail, recipients as configured.
    const [acmeMail] = mailTo(catcher.messages, 'orders@acme.example');
    expect(acmeMail).toBeDefined();
    expect(acmeMail!.envelopeTo.sort()).toEqual(
      ['archive@shop.example', 'buyer@shop.example', 'desk@acme.example', 'orders@acme.example'].sort(),
    );
    const acmeParsed = acmeMail!.parsed;
    expect(acmeParsed.from?.value[0]?.address).toBe('purchasing@shop.example');
    expect(acmeParsed.subject).toBe('PO 000123, 000789 from Shop (Daily orders 2025-01-15)');
    expect(acmeParsed.text?.trim()).toBe(
      'Hello Acme,\nplease ship PO 000123, 000789.\n--- original ---\nSix order lines today.',
    );
    expect((acmeParsed.cc as { text: string } | undefined)?.text).toBe('buyer@shop.example');
    expect(acmeParsed.headers.get('bcc')).toBeUndefined();
    expect(acmeParsed.attachments.map((attachment) => attachment.filename)).toEqual([
      'Acme Supply orders 2025-01-15.xlsx',
    ]);
    const acmeFile = attachedRows(acmeParsed);
    expect(acmeFile.rows[1]).toEqual(TEMPLATE_HEADER);
    expect(acmeFile.rows.slice(2)).toEqual(ACME_ROWS.map((row) => [...row, 'ACME-001', 'NET30']));

    // Globex: its file from the .xls template (trimmed items, static data by column letter), a PDF of it,
    // and the original e-mail forwarded.
    const [globexMail] = mailTo(catcher.messages, 'po@globex.example');
    expect(globexMail).toBeDefined();
    const globexParsed = globexMail!.parsed;
    expect(globexParsed.subject).toBe('Globex order 004560, 004561');
    expect(globexParsed.text?.trim()).toBe('Orders 004560, 004561 attached.');
    const names = globexParsed.attachments.map((attachment) => attachment.filename);
    expect(names).toEqual([
      'Globex orders 2025-01-15.xls',
      'Globex orders 2025-01-15.pdf',
      'Daily orders 2025-01-15.eml',
    ]);
    const globexFile = attachedRows(globexParsed);
    expect(globexFile.rows[1]).toEqual(TEMPLATE_HEADER);
    expect(globexFile.rows.slice(2)).toEqual(
      GLOBEX_ROWS.map((row) => [
        ...row.slice(0, 6),
        /SKU: ([A-Z0-9-]+)/.exec(row[6]!)![1]!,
        row[7]!,
        'GX-77',
        'Rush',
      ]),
    );
    const pdf = globexParsed.attachments.find((attachment) => attachment.filename?.endsWith('.pdf'))!;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    const forwarded = globexParsed.attachments.find((attachment) => attachment.filename?.endsWith('.eml'))!;
    expect(forwarded.contentType).toBe('message/rfc822');
    expect(forwarded.content.toString()).toContain('Subject: Daily orders 2025-01-15');

    // The runs: the e-mail's intake, the batch (naming the unknown vendor), one per vendor with its file.
    const sourceRuns = await runsOf(t, 'order-submission', source.id);
    expect(sourceRuns.map((run) => run.status)).toEqual(['succeeded', 'succeeded']);
    const [intake, batch] = sourceRuns;
    expect(intake!).toMatchObject({ trigger: 'mail', fileName: 'orders_20250115.xlsx' });
    expect(intake!.message).toBe(
      'Order file "orders_20250115.xlsx" read: 6 order lines (vendors in the file: Acme Supply, Globex, ACME SUPPLY CO., Initech).',
    );
    expect(batch!.message).toContain('Sent to 2 vendors: Acme Supply (3 lines), Globex (2 lines).');
    expect(batch!.message).toContain('1 unknown vendor, not submitted: "Initech" (PO 009999).');
    const batchDetails = batch!.details as SubmissionBatchDetails;
    expect(batchDetails.unknownVendors).toEqual([
      { vendorName: 'Initech', poNumbers: ['009999'], lineCount: 1 },
    ]);
    expect(
      batchDetails.vendors.map((vendor) => [vendor.vendorName, vendor.outcome, vendor.lineCount]),
    ).toEqual([
      ['Acme Supply', 'sent', 3],
      ['Globex', 'sent', 2],
    ]);

    const [acmeRun] = await runsOf(t, 'vendor', acme.id);
    expect(acmeRun).toMatchObject({
      status: 'succeeded',
      trigger: 'mail',
      fileName: 'Acme Supply orders 2025-01-15.xlsx',
    });
    const acmeDetails = acmeRun!.details as VendorSubmissionDetails;
    expect(acmeDetails).toMatchObject({
      to: ['orders@acme.example', 'desk@acme.example'],
      cc: ['buyer@shop.example'],
      bcc: ['archive@shop.example'],
      from: 'purchasing@shop.example',
      subject: 'PO 000123, 000789 from Shop (Daily orders 2025-01-15)',
      poNumbers: ['000123', '000789'],
      lineCount: 3,
      batch: [batchDetails.batchId],
    });
    const [output] = await t.db.db
      .select()
      .from(schema.storedFiles)
      .where(eq(schema.storedFiles.id, acmeRun!.outputFileId!));
    expect(parseTable(output!.content, { fileName: output!.fileName }).rows.slice(2)).toEqual(
      acmeFile.rows.slice(2),
    );
    const [globexRun] = await runsOf(t, 'vendor', globex.id);
    expect(
      (globexRun!.details as VendorSubmissionDetails).attachments.map((attachment) => attachment.kind),
    ).toEqual(['spreadsheet', 'pdf', 'forwarded-email']);
    expect((globexRun!.details as VendorSubmissionDetails).pdfSource).toBe('generated');

    // Nothing is sent twice: not by the next poll, not by the due-work job.
    const again = await checkNow(mailbox.id);
    expect(again).toMatchObject({ status: 'succeeded', messagesSeen: 0 });
    await runDueSubmissionWork(t.app.context);
    expect(catcher.messages).toHaveLength(2);
    expect(await runsOf(t, 'vendor', acme.id)).toHaveLength(1);
    expect(await runsOf(t, 'order-submission', source.id)).toHaveLength(2);
  }, 180_000);

  it("sends the lines matched through an alias with its own account number in an e-mail of their own, with the alias's account", async () => {
    useTestClock(t, localTime('2025-01-16', 9));
    const mailbox = await createMailboxSource(t, dovecot, MAILBOX, {
      email: 'purchasing@shop.example',
      outgoingServer: catcher.host,
      outgoingPort: catcher.port,
    });
    const source = await createSubmissionSource(t, {
      emailSourceId: mailbox.id,
      subjectValue: 'Alias orders',
    });
    // Vendor names are unique among live vendors: the first test's vendors make way.
    await t.db.db.update(schema.orderVendorSources).set({ deletedStatus: true, activeStatus: false });
    await createVendor(t, {
      orderSubmissionSourceId: source.id,
      sendFromEmailSourceModelId: mailbox.id,
      vendorNameFromFile: 'Acme Supply',
      vendorProvidedAccountNumber: 'ACME-001',
      submitEmails: 'alias-test@acme.example',
      vendorSourceAliases: [
        {
          id: 0,
          parentVendorSourceId: 0,
          vendorAliasNameFromFile: 'ACME SUPPLY CO. ',
          vendorProvidedAccountNumber: 'ACME-EAST',
        },
      ],
    });
    await dovecot.appendMessage(
      MAILBOX.user,
      await buildMail({
        from: CHANNEL,
        subject: 'Alias orders',
        attachments: [
          {
            filename: 'orders_alias.xlsx',
            content: fixture('order-file.xlsx'),
            contentType: XLSX_CONTENT_TYPE,
          },
        ],
      }),
    );
    await checkNow(mailbox.id);
    const mails = mailTo(catcher.messages, 'alias-test@acme.example');
    expect(mails).toHaveLength(2);
    const files = mails.map((mail) => attachedRows(mail.parsed).rows.slice(2));
    const accounts = files.map((rows) => rows.map((row) => [row[0], row[8]]));
    expect(accounts).toEqual(
      expect.arrayContaining([
        [
          ['000123', 'ACME-001'],
          ['000123', 'ACME-001'],
        ],
        [['000789', 'ACME-EAST']],
      ]),
    );
  }, 120_000);
});
