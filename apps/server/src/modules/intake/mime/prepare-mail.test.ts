import { describe, expect, it } from 'vitest';
import { buildCorpus, SUBJECT, SUPPLIER } from '../../../../test/modules/intake-mime-corpus';
import type { FileProcessor, MailMatchRule } from '../file-processors';
import { decideMessage, type MessageRecord } from '../prepare-message';
import { MAX_DEPTH, prepareMail } from './prepare-mail';

const CRLF = '\r\n';

const rule: MailMatchRule = {
  sourceType: 'order-tracking',
  sourceId: 1,
  sourceName: 'Supplier',
  emailSourceId: 1,
  fromEmail: SUPPLIER,
  subjectValue: SUBJECT,
  containsNotExact: false,
  expectedAttachmentCount: null,
  attachmentName: 'tracking_*',
  fileType: '.csv',
};

/** Matching alone is under test: the processor is never called. */
const processor: FileProcessor = {
  sourceType: 'order-tracking',
  mailRules: async () => [],
  process: async () => {
    throw new Error('not called in a prepare test');
  },
};

const base: MessageRecord = {
  uid: 1,
  messageIdHash: 'x',
  fromAddress: null,
  subject: null,
  receivedAt: null,
  attachmentCount: 0,
};

describe('the prepare step reads every attachment structure of the corpus', () => {
  for (const mail of buildCorpus('1Z')) {
    it(mail.structure, async () => {
      const prepared = prepareMail(mail.raw);
      const file = prepared.attachments.find((attachment) => attachment.fileName === mail.fileName);
      expect(
        file,
        `files found: ${prepared.attachments.map((a) => a.fileName).join(', ') || 'none'}`,
      ).toBeDefined();
      expect(file!.content.toString('utf8')).toContain(`1,${mail.tracking}`);
      // Matching takes the same file, on the e-mail itself or on the forwarded message.
      const wanted = {
        ...rule,
        attachmentName: mail.fileName.startsWith('attachment-') ? '*' : 'tracking_*',
      };
      const decided = await decideMessage(base, mail.raw, [{ rule: wanted, processor }]);
      expect(decided.kind).toBe('matched');
      if (decided.kind !== 'matched') return;
      expect(decided.choices[0]!.attachment?.fileName).toBe(mail.fileName);
      expect(decided.choices[0]!.matchedOn !== null).toBe(mail.forwarded === true);
    });
  }
});

function raw(head: string[], body: string): Buffer {
  return Buffer.from(`${head.join(CRLF)}${CRLF}${CRLF}${body}`, 'utf8');
}

describe('what is not a file, and the limits', () => {
  it('never counts pictures placed in the body; counts files sent inline with a name (Apple Mail)', () => {
    const part = (head: string[], body = 'eA==') =>
      `--b${CRLF}${head.join(CRLF)}${CRLF}Content-Transfer-Encoding: base64${CRLF}${CRLF}${body}${CRLF}`;
    const related = `--r${CRLF}Content-Type: text/html${CRLF}${CRLF}<img src="cid:logo">${CRLF}--r${CRLF}Content-Type: image/png; name=logo.png${CRLF}Content-ID: <logo>${CRLF}${CRLF}x${CRLF}--r--`;
    const mail = raw(
      ['From: a@b.example', 'Subject: s', 'Content-Type: multipart/mixed; boundary=b'],
      [
        `--b${CRLF}Content-Type: multipart/related; boundary=r${CRLF}${CRLF}${related}${CRLF}`,
        part(['Content-Type: image/jpeg; name=sig.jpg', 'Content-Disposition: inline', 'Content-ID: <sig>']),
        part(['Content-Type: image/gif', 'Content-Disposition: inline']),
        part(['Content-Type: text/csv; name=tracking.csv', 'Content-Disposition: inline']),
        part(['Content-Type: image/jpeg', 'Content-Disposition: attachment; filename=photo.jpg']),
        part(['Content-Type: text/csv', 'Content-Disposition: attachment']),
        '--b--',
      ].join(''),
    );
    const prepared = prepareMail(mail);
    expect(prepared.attachments.map((file) => file.fileName)).toEqual([
      'tracking.csv',
      'photo.jpg',
      'attachment-3.csv',
    ]);
    expect(prepared.html).toBe('<img src="cid:logo">');
    expect(prepared.parts.map((p) => p.contentType)).toContain('image/png');
  });

  it('keeps the bodies as text (quoted-printable, charset) and does not offer them as files', () => {
    const mail = raw(
      [
        'From: a@b.example',
        'Subject: s',
        'Content-Type: text/plain; charset=iso-8859-1',
        'Content-Transfer-Encoding: quoted-printable',
      ],
      `Gr=FC=DFe, a long line that is =${CRLF}continued.`,
    );
    const prepared = prepareMail(mail);
    expect(prepared.text).toBe('Grüße, a long line that is continued.');
    expect(prepared.attachments).toEqual([]);
  });

  it(`opens forwarded messages ${MAX_DEPTH} deep and no deeper`, () => {
    let mail = raw(
      ['From: a@b.example', 'Subject: innermost', 'Content-Type: text/csv; name=deep.csv'],
      'Line,Tracking\r\n1,DEEP\r\n',
    );
    for (let depth = 0; depth < MAX_DEPTH + 1; depth += 1) {
      mail = raw(
        ['From: a@b.example', `Subject: level ${depth}`, 'Content-Type: message/rfc822'],
        mail.toString('utf8'),
      );
    }
    const prepared = prepareMail(mail);
    expect(prepared.forwarded).toHaveLength(MAX_DEPTH);
    // The message left closed is offered as it is, a file like any other.
    expect(prepared.attachments.map((file) => file.fileName)).toEqual(['attachment-1.eml']);
  });
});
