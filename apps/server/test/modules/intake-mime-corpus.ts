/**
 * Test code: the MIME structures real mail clients send a file in (docs/behaviour/mail-intake.md#attachment-structures),
 * written by the project's own builders, each carrying a tracking CSV with its own tracking number. The
 * unit tests prepare them without a server; the intake test appends them to a real Dovecot and polls.
 */

export const SUPPLIER = 'shipping@supplier.example';
export const SUBJECT = 'Shipment report';

export interface CorpusMail {
  structure: string;
  raw: Buffer;
  /** The tracking number inside its CSV. */
  tracking: string;
  /** The name intake gives the file. */
  fileName: string;
  /** Matched on a forwarded message (the run says so), not on the e-mail itself. */
  forwarded?: boolean;
}

const CRLF = '\r\n';
let counter = 0;

function csvFor(tracking: string): string {
  return `Line,Tracking${CRLF}1,${tracking}${CRLF}`;
}

function headers(from: string, subject: string, extra: string[] = []): string[] {
  counter += 1;
  return [
    `From: ${from}`,
    'To: intake@shop.example',
    `Subject: ${subject}`,
    'Date: Tue, 24 Nov 2026 09:00:00 +0000',
    `Message-ID: <corpus-${Date.now()}-${counter}-${Math.random().toString(36).slice(2)}@supplier.example>`,
    'MIME-Version: 1.0',
    ...extra,
  ];
}

function message(head: string[], body: string): Buffer {
  return Buffer.from(`${head.join(CRLF)}${CRLF}${CRLF}${body}`, 'utf8');
}

function multipart(boundary: string, parts: string[], { final = true } = {}): string {
  const body = parts.map((part) => `--${boundary}${CRLF}${part}${CRLF}`).join('');
  return `This is a multi-part message in MIME format.${CRLF}${body}${final ? `--${boundary}--${CRLF}` : ''}`;
}

function part(head: string[], body: string): string {
  return `${head.join(CRLF)}${CRLF}${CRLF}${body}`;
}

const textBody = part(['Content-Type: text/plain; charset=utf-8'], 'Please find the shipments attached.');

function base64Lines(content: string | Buffer, width = 76): string {
  const encoded = Buffer.from(content).toString('base64');
  return encoded.match(new RegExp(`.{1,${width}}`, 'g'))!.join(CRLF);
}

/** uuencode, as Eudora and Outlook 2000 write it: 45 bytes a line, "`" for zero. */
export function uuencode(fileName: string, content: Buffer): string {
  const char = (value: number) => (value === 0 ? '`' : String.fromCharCode(value + 32));
  const lines = [`begin 644 ${fileName}`];
  for (let offset = 0; offset < content.length; offset += 45) {
    const chunk = content.subarray(offset, offset + 45);
    let line = char(chunk.length);
    for (let index = 0; index < chunk.length; index += 3) {
      const [a = 0, b = 0, c = 0] = [chunk[index], chunk[index + 1], chunk[index + 2]];
      line +=
        char(a >> 2) + char(((a << 4) | (b >> 4)) & 63) + char(((b << 2) | (c >> 6)) & 63) + char(c & 63);
    }
    lines.push(line);
  }
  lines.push('`', 'end');
  return lines.join(CRLF);
}

export interface TnefEntry {
  /** The 8.3 name in attAttachTitle. */
  title: string;
  /** PR_ATTACH_LONG_FILENAME, as Unicode (PT_UNICODE) or 8-bit (PT_STRING8). */
  longName?: { value: string; unicode: boolean };
  content: Buffer;
}

function tnefAttribute(level: number, id: number, data: Buffer): Buffer {
  const head = Buffer.alloc(9);
  head[0] = level;
  head.writeUInt32LE(id, 1);
  head.writeUInt32LE(data.length, 5);
  const checksum = Buffer.alloc(2);
  checksum.writeUInt16LE(data.reduce((sum, byte) => (sum + byte) & 0xffff, 0));
  return Buffer.concat([head, data, checksum]);
}

const padded = (data: Buffer) => Buffer.concat([data, Buffer.alloc(((data.length + 3) & ~3) - data.length)]);
const u32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
};
const u16pair = (type: number, id: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt16LE(type, 0);
  buffer.writeUInt16LE(id, 2);
  return buffer;
};

/**
 * A TNEF stream as Exchange writes one: a message-level attribute, then per file attAttachRendData,
 * attAttachTitle, attAttachData and an attAttachment property list (a PT_LONG, a named property, then the
 * long file name), so the reader has to walk past properties it does not want.
 */
export function buildTnef(entries: TnefEntry[]): Buffer {
  const parts: Buffer[] = [u32(0x223e9f78), Buffer.from([0x01, 0x00])];
  parts.push(tnefAttribute(1, 0x00078008, Buffer.from('IPM.Microsoft Mail.Note\0', 'latin1')));
  for (const entry of entries) {
    parts.push(tnefAttribute(2, 0x00069002, Buffer.alloc(14)));
    parts.push(tnefAttribute(2, 0x00018010, Buffer.from(`${entry.title}\0`, 'latin1')));
    parts.push(tnefAttribute(2, 0x0006800f, entry.content));
    const props: Buffer[] = [];
    props.push(u16pair(0x0003, 0x0e20), u32(entry.content.length)); // PR_ATTACH_SIZE
    const guid = Buffer.alloc(16, 7);
    const name = padded(Buffer.from('X-Note\0', 'utf16le'));
    props.push(u16pair(0x001e, 0x8001), guid, u32(1), u32(Buffer.from('X-Note\0', 'utf16le').length), name);
    props.push(u32(1), u32(3), padded(Buffer.from('ok\0', 'latin1')));
    if (entry.longName) {
      const bytes = Buffer.from(`${entry.longName.value}\0`, entry.longName.unicode ? 'utf16le' : 'latin1');
      props.push(
        u16pair(entry.longName.unicode ? 0x001f : 0x001e, 0x3707),
        u32(1),
        u32(bytes.length),
        padded(bytes),
      );
    }
    const count = entry.longName ? 3 : 2;
    parts.push(tnefAttribute(2, 0x00069005, Buffer.concat([u32(count), ...props])));
  }
  return Buffer.concat(parts);
}

function mixed(from: string, subject: string, parts: string[], boundary = 'b-outer'): Buffer {
  return message(
    headers(from, subject, [`Content-Type: multipart/mixed; boundary="${boundary}"`]),
    multipart(boundary, parts),
  );
}

function csvAttachment(name: string, tracking: string): string {
  return part(
    [
      `Content-Type: text/csv; name="${name}"`,
      `Content-Disposition: attachment; filename="${name}"`,
      'Content-Transfer-Encoding: base64',
    ],
    base64Lines(csvFor(tracking)),
  );
}

/** Every structure, each with a fresh tracking number under `prefix`. */
export function buildCorpus(prefix: string): CorpusMail[] {
  const t = (index: number) => `${prefix}${String(index).padStart(3, '0')}`;
  const corpus: CorpusMail[] = [];
  const add = (structure: string, tracking: string, fileName: string, raw: Buffer, forwarded = false) =>
    corpus.push({ structure, tracking, fileName, raw, ...(forwarded ? { forwarded } : {}) });

  add(
    'csv attachment (baseline)',
    t(1),
    'tracking_1.csv',
    mixed(SUPPLIER, SUBJECT, [textBody, csvAttachment('tracking_1.csv', t(1))]),
  );
  add(
    'text/plain part named in Content-Type, inline (Netscape)',
    t(2),
    'tracking_2.csv',
    mixed(SUPPLIER, SUBJECT, [
      textBody,
      part(
        ['Content-Type: text/plain; charset=us-ascii; name="tracking_2.csv"', 'Content-Disposition: inline'],
        csvFor(t(2)),
      ),
    ]),
  );
  add(
    'text/csv part named, no disposition (ERP mailer)',
    t(3),
    'tracking_3.csv',
    mixed(SUPPLIER, SUBJECT, [textBody, part(['Content-Type: text/csv; name=tracking_3.csv'], csvFor(t(3)))]),
  );
  add(
    'text/plain part, inline with filename only (VM/XEmacs)',
    t(4),
    'tracking_4.csv',
    mixed(SUPPLIER, SUBJECT, [
      textBody,
      part(
        ['Content-Type: text/plain', 'Content-Disposition: inline; filename="tracking_4.csv"'],
        csvFor(t(4)),
      ),
    ]),
  );
  const inner = (tracking: string, name: string) =>
    mixed(SUPPLIER, SUBJECT, [textBody, csvAttachment(name, tracking)], 'b-inner');
  add(
    'forwarded as attachment (message/rfc822), rules match the inner message',
    t(5),
    'tracking_5.csv',
    mixed('colleague@shop.example', `Fwd: ${SUBJECT}`, [
      textBody,
      part(
        ['Content-Type: message/rfc822', 'Content-Disposition: attachment; filename="ForwardedMessage.eml"'],
        inner(t(5), 'tracking_5.csv').toString('utf8'),
      ),
    ]),
    true,
  );
  add(
    'forwarded inside a forwarded message (depth 2)',
    t(6),
    'tracking_6.csv',
    mixed('colleague@shop.example', 'Fwd: Fwd: report', [
      textBody,
      part(
        ['Content-Type: message/rfc822'],
        mixed(
          'boss@shop.example',
          'Fwd: report',
          [textBody, part(['Content-Type: message/rfc822'], inner(t(6), 'tracking_6.csv').toString('utf8'))],
          'b-middle',
        ).toString('utf8'),
      ),
    ]),
    true,
  );
  add(
    'Apple Mail: the supplier forwards a message, the outer one matches',
    t(7),
    'tracking_7.csv',
    mixed(SUPPLIER, SUBJECT, [
      textBody,
      part(
        ['Content-Type: message/rfc822; name="ForwardedMessage.eml"', 'Content-Disposition: inline'],
        inner(t(7), 'tracking_7.csv').toString('utf8'),
      ),
    ]),
  );
  add(
    'uuencode block in a plain body (Outlook 2000, no MIME)',
    t(8),
    'tracking_8.csv',
    Buffer.from(
      `${headers(SUPPLIER, SUBJECT)
        .filter((line) => line !== 'MIME-Version: 1.0')
        .join(
          CRLF,
        )}${CRLF}${CRLF}Shipments below.${CRLF}${CRLF}${uuencode('tracking_8.csv', Buffer.from(csvFor(t(8))))}${CRLF}`,
    ),
  );
  add(
    'Content-Transfer-Encoding: x-uuencode part (Eudora)',
    t(9),
    'tracking_9.csv',
    mixed(SUPPLIER, SUBJECT, [
      textBody,
      part(
        [
          'Content-Type: application/octet-stream; name="tracking_9.csv"',
          'Content-Transfer-Encoding: x-uuencode',
        ],
        uuencode('tracking_9.csv', Buffer.from(csvFor(t(9)))),
      ),
    ]),
  );
  add(
    'nameless application/octet-stream (typed from content)',
    t(10),
    'attachment-1.csv',
    mixed(SUPPLIER, SUBJECT, [
      textBody,
      part(
        ['Content-Type: application/octet-stream', 'Content-Transfer-Encoding: base64'],
        base64Lines(csvFor(t(10))),
      ),
    ]),
  );
  add(
    'octet-stream named only by a non-standard file= parameter, no extension',
    t(11),
    'tracking_11.csv',
    mixed(SUPPLIER, SUBJECT, [
      textBody,
      part(
        ['Content-Type: application/octet-stream; file=tracking_11', 'Content-Transfer-Encoding: base64'],
        base64Lines(csvFor(t(11))),
      ),
    ]),
  );
  add(
    'From: address as display name <other address>',
    t(12),
    'tracking_12.csv',
    mixed(`${SUPPLIER} <robot@erp.example>`, SUBJECT, [textBody, csvAttachment('tracking_12.csv', t(12))]),
  );
  add(
    'two From: lines',
    t(13),
    'tracking_13.csv',
    message(
      [
        ...headers('robot@erp.example', SUBJECT, ['Content-Type: multipart/mixed; boundary="b2"']),
        `From: ${SUPPLIER}`,
      ],
      multipart('b2', [textBody, csvAttachment('tracking_13.csv', t(13))]),
    ),
  );
  add(
    'final boundary missing',
    t(14),
    'tracking_14.csv',
    message(
      headers(SUPPLIER, SUBJECT, ['Content-Type: multipart/mixed; boundary="b3"']),
      multipart('b3', [textBody, csvAttachment('tracking_14.csv', t(14))], { final: false }),
    ),
  );
  add(
    'boundary folded onto the next line and quoted oddly',
    t(15),
    'tracking_15.csv',
    message(
      headers(SUPPLIER, SUBJECT, ['Content-Type: multipart/mixed;\r\n\tboundary=\'"b4"\'']),
      multipart('b4', [textBody, csvAttachment('tracking_15.csv', t(15))]),
    ),
  );
  add(
    'base64 with irregular line lengths',
    t(16),
    'tracking_16.csv',
    mixed(SUPPLIER, SUBJECT, [
      textBody,
      part(
        [
          'Content-Type: text/csv; name="tracking_16.csv"',
          'Content-Disposition: attachment',
          'Content-Transfer-Encoding: base64',
        ],
        base64Lines(csvFor(t(16)), 4).replace(/\r\n(?=....\r\n....)/g, ''),
      ),
    ]),
  );
  add(
    'RFC 2231 encoded file name and 8-bit subject',
    t(17),
    'tracking_17_ü.csv',
    message(
      headers(SUPPLIER, SUBJECT, ['Content-Type: multipart/mixed; boundary="b5"', 'X-Note: Grüße']),
      multipart('b5', [
        textBody,
        part(
          [
            'Content-Type: text/csv',
            "Content-Disposition: attachment; filename*=UTF-8''tracking_17_%C3%BC.csv",
          ],
          csvFor(t(17)),
        ),
      ]),
    ),
  );
  add(
    'TNEF winmail.dat from Exchange, long file name in its MAPI properties',
    t(18),
    'tracking_18_long_name.csv',
    mixed(SUPPLIER, SUBJECT, [
      textBody,
      part(
        [
          'Content-Type: application/ms-tnef; name="winmail.dat"',
          'Content-Disposition: attachment; filename="winmail.dat"',
          'Content-Transfer-Encoding: base64',
        ],
        base64Lines(
          buildTnef([
            {
              title: 'TRACKI~1.CSV',
              longName: { value: 'tracking_18_long_name.csv', unicode: true },
              content: Buffer.from(csvFor(t(18))),
            },
          ]),
        ),
      ),
    ]),
  );
  return corpus;
}
