/**
 * Order files behind a link (docs/behaviour/order-submission.md#order-files-behind-a-link, noAttachmentsNeedsLinkClick), against real peers: the order e-mail
 * in a real Dovecot mailbox carries no attachment, only a link to a page on a local web server whose PDF
 * button appears only once JavaScript has run. Intake hands the message to the processor without a file;
 * after the commit headless Chromium opens the page and clicks both buttons; the spreadsheet is split by
 * vendor and the downloaded PDF goes, byte for byte, to the vendor that wants a PDF.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { VendorSubmissionDetails } from '@app/contracts';
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
  useTestClock,
} from '../../../../test/modules/order-submission-engine';
import { closeBrowser } from '../../../integrations/browser/chromium';
import { XLSX_CONTENT_TYPE } from '../../files/stored-files';

const MAILBOX = { user: 'link-orders@shop.example', password: 'link-orders-secret' };
const CHANNEL = 'notify@marketplace.example';

const orderXlsx = fixture('order-file.xlsx');
// A PDF signature around random bytes: a byte-for-byte comparison proves it is the downloaded file.
const orderPdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4_000), Buffer.from('\n%%EOF\n')]);

const orderPage = `<!doctype html>
<html><body>
  <h1>Purchase orders 2025-01-15</h1>
  <a href="/files/export?id=42">Download Spreadsheet</a>
  <div id="later"></div>
  <script>
    setTimeout(() => {
      const button = document.createElement('button');
      button.textContent = 'Download PDF';
      button.addEventListener('click', () => { window.location.href = '/files/print?id=42'; });
      document.getElementById('later').appendChild(button);
    }, 300);
  </script>
</body></html>`;

let t: TestApp;
let dovecot: DovecotServer;
let catcher: SmtpCatcher;
let web: Server;
let baseUrl: string;
let operator: Session;

function startWebServer(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/orders/view') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(orderPage);
    }
    if (path === '/files/export') {
      // No file name from the server: the source's spreadsheetDownloadName is used.
      response.writeHead(200, { 'content-type': XLSX_CONTENT_TYPE, 'content-disposition': 'attachment' });
      return response.end(orderXlsx);
    }
    if (path === '/files/print') {
      response.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="PO-20250115.pdf"',
      });
      return response.end(orderPdf);
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  [dovecot, catcher, web] = await Promise.all([
    startDovecot({ users: [MAILBOX] }),
    startSmtpCatcher({ user: MAILBOX.user, password: MAILBOX.password }),
    startWebServer(),
  ]);
  baseUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  // The order page is served on loopback, which only an operator's setting lets order links reach.
  t = await createTestApp({
    env: { MAIL_POLL_TIMEOUT_SECONDS: '180', ORDER_LINKS_ALLOW_PRIVATE_ADDRESSES: 'true' },
  });
  operator = (await t.signIn({ submissionUser: true })).session;
}, 600_000);
afterAll(async () => {
  await Promise.all([
    t?.close(),
    dovecot?.stop(),
    catcher?.close(),
    closeBrowser(),
    new Promise((resolve) => (web ? web.close(resolve) : resolve(undefined))),
  ]);
});
beforeEach(() => {
  catcher.messages.length = 0;
});

async function checkNow(emailSourceId: number) {
  const response = await t.as(operator).post(`/api/email-sources/${emailSourceId}/poll`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ status: string; processed: number; failed: number; messagesSeen: number }>();
}

async function setUp(subject: string) {
  const mailbox = await createMailboxSource(t, dovecot, MAILBOX, {
    email: 'purchasing@shop.example',
    outgoingServer: catcher.host,
    outgoingPort: catcher.port,
  });
  const source = await createSubmissionSource(t, {
    emailSourceId: mailbox.id,
    fromEmail: CHANNEL,
    subjectValue: subject,
    fileType: '',
    attachmentName: '',
    // Left at 1: a source whose file is behind a link does not count attachments.
    expectedAttachmentCount: 1,
    noAttachmentsNeedsLinkClick: true,
    linkClickPreceededByText: 'View your purchase orders',
    linkClickAlwaysContainsText: '/orders/view',
    downloadSpreadsheet: true,
    downloadPdf: true,
    spreadsheetDownloadButtonText: 'Download Spreadsheet',
    pdfDownloadButtonText: 'Download PDF',
    spreadsheetType: '.xlsx',
    spreadsheetDownloadName: 'marketplace-orders',
    pdfDownloadName: 'orders.pdf',
  });
  return { mailbox, source };
}

describe(`order files behind a link (${DB_KIND}, real Dovecot, SMTP catcher, Chromium)`, () => {
  it('follows the link after the configured text, downloads both files and attaches the downloaded PDF', async () => {
    useTestClock(t, localTime('2025-01-15', 8));
    const { mailbox, source } = await setUp('New purchase orders');
    const acme = await createVendor(t, {
      orderSubmissionSourceId: source.id,
      sendFromEmailSourceModelId: mailbox.id,
      vendorNameFromFile: 'Acme Supply',
      vendorProvidedAccountNumber: 'ACME-001',
      submitEmails: 'orders@acme.example',
      vendorWantsPDF: true,
      vendorSourceAliases: [{ id: 0, parentVendorSourceId: 0, vendorAliasNameFromFile: 'ACME SUPPLY CO.' }],
    });
    const globex = await createVendor(t, {
      orderSubmissionSourceId: source.id,
      sendFromEmailSourceModelId: mailbox.id,
      vendorNameFromFile: 'Globex',
      vendorProvidedAccountNumber: 'GX-77',
      submitEmails: 'po@globex.example',
      submitEmailBodyText: 'Original message:\n{originalBody}',
    });

    await dovecot.appendMessage(
      MAILBOX.user,
      await buildMail({
        from: CHANNEL,
        subject: 'New purchase orders',
        text: `Help: ${baseUrl}/help\nView your purchase orders: ${baseUrl}/orders/view?token=abc123`,
        html: `<p>Need help? <a href="${baseUrl}/help">Help centre</a></p>
<p>View your purchase orders: <a href="${baseUrl}/orders/view?token=abc123">open</a></p>`,
      }),
    );

    const poll = await checkNow(mailbox.id);
    expect(poll).toMatchObject({ status: 'succeeded', messagesSeen: 1, processed: 1, failed: 0 });
    expect(catcher.messages).toHaveLength(2);

    const [acmeMail] = mailTo(catcher.messages, 'orders@acme.example');
    const attachments = acmeMail!.parsed.attachments;
    expect(attachments.map((attachment) => attachment.filename)).toEqual([
      'Acme Supply orders 2025-01-15.xlsx',
      'PO-20250115.pdf',
    ]);
    expect(attachments[1]!.content.equals(orderPdf)).toBe(true);
    expect(attachedRows(acmeMail!.parsed).rows.slice(2)).toEqual(
      ACME_ROWS.map((row) => [...row, 'ACME-001', '']),
    );

    const [globexMail] = mailTo(catcher.messages, 'po@globex.example');
    expect(globexMail!.parsed.attachments.map((attachment) => attachment.filename)).toEqual([
      'Globex orders 2025-01-15.xlsx',
    ]);
    expect(attachedRows(globexMail!.parsed).rows.slice(2)).toEqual(
      GLOBEX_ROWS.map((row) => [...row, 'GX-77', '']),
    );
    expect(globexMail!.parsed.text).toContain(
      `View your purchase orders: ${baseUrl}/orders/view?token=abc123`,
    );

    // The intake run reads the downloaded spreadsheet (named as configured) and keeps it as its input.
    const [intake, batch] = await runsOf(t, 'order-submission', source.id);
    expect(intake).toMatchObject({ status: 'succeeded', fileName: 'marketplace-orders.xlsx' });
    expect(intake!.message).toContain('Fetched from the order link, with the PDF "PO-20250115.pdf".');
    const [input] = await t.db.db
      .select()
      .from(schema.storedFiles)
      .where(eq(schema.storedFiles.id, intake!.inputFileId!));
    expect(input!.content.equals(orderXlsx)).toBe(true);
    expect(batch).toMatchObject({ status: 'succeeded' });
    const [acmeRun] = await runsOf(t, 'vendor', acme.id);
    expect((acmeRun!.details as VendorSubmissionDetails).pdfSource).toBe('downloaded');
    expect(await runsOf(t, 'vendor', globex.id)).toHaveLength(1);
  }, 180_000);

  it('fails the intake run, sends nothing, when the e-mail has no link after the configured text', async () => {
    useTestClock(t, localTime('2025-01-16', 8));
    const { mailbox, source } = await setUp('More purchase orders');
    await dovecot.appendMessage(
      MAILBOX.user,
      await buildMail({
        from: CHANNEL,
        subject: 'More purchase orders',
        text: `Your orders are ready at ${baseUrl}/elsewhere`,
      }),
    );
    // The first test's message is in the same INBOX: a new e-mail source reads it too, and ignores it.
    const poll = await checkNow(mailbox.id);
    expect(poll).toMatchObject({ status: 'succeeded', messagesSeen: 2 });
    expect(catcher.messages).toHaveLength(0);
    const runs = await runsOf(t, 'order-submission', source.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'failed',
      message:
        'No order link was found in the e-mail "More purchase orders" (looked for a link after the text "View your purchase orders" and whose address contains "/orders/view").',
    });
  }, 120_000);
});
