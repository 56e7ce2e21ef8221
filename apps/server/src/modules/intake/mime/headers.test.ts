import { describe, expect, it } from 'vitest';
import { senderMatches } from '../mail-matching';
import { readMessageHeaders } from './headers';

const message = (headers: string) => Buffer.from(`${headers}\r\n\r\nBody\r\n`, 'utf8');

describe('the header parse that both candidate selection and matching read', () => {
  it('offers a display name that is itself an address as well as the address in angle brackets', () => {
    const headers = readMessageHeaders(
      message('From: tracking@supplier.example <supplier@tracking.example>\r\nSubject: Shipment report'),
    );
    expect(headers.senders).toEqual(['supplier@tracking.example', 'tracking@supplier.example']);
    expect(senderMatches({ fromEmail: 'tracking@supplier.example' }, headers.senders)).toBe(true);
    expect(senderMatches({ fromEmail: 'supplier@tracking.example' }, headers.senders)).toBe(true);
    expect(senderMatches({ fromEmail: 'other@supplier.example' }, headers.senders)).toBe(false);
  });

  it('offers every From line of a message with two, and quoted display names', () => {
    const headers = readMessageHeaders(
      message('From: "Shipping" <Shipping@Supplier.Example>\r\nFrom: robot@erp.example\r\nSubject: x'),
    );
    expect(headers.senders).toEqual(['shipping@supplier.example', 'robot@erp.example']);
  });

  it('unfolds and decodes the subject, reads 8-bit headers as UTF-8 or else Latin-1, and keeps the Message-ID', () => {
    const folded = readMessageHeaders(
      message(
        'From: a@b.example\r\nSubject: =?UTF-8?Q?Lieferung_f=C3=BCr?=\r\n Woche 12\r\nMessage-ID: <m1@b.example>',
      ),
    );
    expect(folded.subject).toBe('Lieferung für Woche 12');
    expect(folded.messageId).toBe('<m1@b.example>');
    const latin1 = Buffer.concat([
      Buffer.from('From: a@b.example\r\nSubject: Gr', 'latin1'),
      Buffer.from([0xfc]),
      Buffer.from('n\r\n\r\nBody', 'latin1'),
    ]);
    expect(readMessageHeaders(latin1).subject).toBe('Grün');
    expect(readMessageHeaders(message('From: a@b.example\r\nSubject: Grün')).subject).toBe('Grün');
  });

  it('reads a header block with bare LF line ends, and a message without a body', () => {
    expect(readMessageHeaders(Buffer.from('From: x@y.example\nSubject: hi\n\nbody')).senders).toEqual([
      'x@y.example',
    ]);
    expect(readMessageHeaders(Buffer.from('From: x@y.example\r\nSubject: hi')).subject).toBe('hi');
  });
});
