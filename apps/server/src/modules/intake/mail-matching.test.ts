import { describe, expect, it } from 'vitest';
import { attachedFile } from '../../../test/modules/mail-rules';
import type { MailMatchRule } from './file-processors';
import { evaluateRule } from './mail-evaluation';
import {
  addressPart,
  chooseAttachment,
  fileNameMatches,
  type MatchableMessage,
  noAttachmentMessage,
} from './mail-matching';

/** Sender, subject and count: the part of the one decision (mail-evaluation.ts) that says a message is a source's. */
const messageMatchesRule = (rule: MailMatchRule, message: MatchableMessage) =>
  evaluateRule(rule, message).meantFor;

const rule = (overrides: Partial<MailMatchRule> = {}): MailMatchRule => ({
  sourceType: 'order-tracking',
  sourceId: 1,
  sourceName: 'Supplier',
  emailSourceId: 1,
  fromEmail: 'Shipping@Supplier.example',
  subjectValue: 'Shipment report',
  containsNotExact: false,
  expectedAttachmentCount: null,
  attachmentName: 'tracking_*.csv',
  fileType: '.csv',
  ...overrides,
});

const file = attachedFile;

describe('message matching (docs/behaviour/mail-intake.md#matching)', () => {
  it('compares the sender by address only, case-insensitive', () => {
    expect(addressPart('"Shipping" <SHIPPING@supplier.example>')).toBe('shipping@supplier.example');
    const message = { fromAddress: 'shipping@SUPPLIER.example', subject: 'Shipment report', attachments: [] };
    expect(messageMatchesRule(rule(), message)).toBe(true);
    expect(messageMatchesRule(rule(), { ...message, fromAddress: 'other@supplier.example' })).toBe(false);
    expect(messageMatchesRule(rule(), { ...message, fromAddress: null })).toBe(false);
    expect(messageMatchesRule(rule({ fromEmail: 'Supplier <shipping@supplier.example>' }), message)).toBe(
      true,
    );
  });

  it('matches the subject exactly or as a part, trimmed and case-insensitive', () => {
    const message = (subject: string) => ({
      fromAddress: 'shipping@supplier.example',
      subject,
      attachments: [],
    });
    expect(messageMatchesRule(rule(), message('  SHIPMENT   report '))).toBe(true);
    expect(messageMatchesRule(rule(), message('Re: Shipment report'))).toBe(false);
    expect(
      messageMatchesRule(rule({ containsNotExact: true }), message('Re: Shipment report (Monday)')),
    ).toBe(true);
  });

  it('requires the expected number of attachments only when one is set', () => {
    const message = {
      fromAddress: 'shipping@supplier.example',
      subject: 'Shipment report',
      attachments: [file('a.csv')],
    };
    expect(messageMatchesRule(rule(), message)).toBe(true);
    expect(messageMatchesRule(rule({ expectedAttachmentCount: 1 }), message)).toBe(true);
    expect(messageMatchesRule(rule({ expectedAttachmentCount: 2 }), message)).toBe(false);
  });
});

describe('attachments', () => {
  it('reads "*" as a wildcard over the whole name, case-insensitive, with or without the extension', () => {
    expect(fileNameMatches('tracking_*.csv', 'TRACKING_0101.CSV')).toBe(true);
    expect(fileNameMatches('tracking_*.csv', 'old_tracking_0101.csv')).toBe(false);
    expect(fileNameMatches('report (1).csv', 'report (1).csv')).toBe(true);
    expect(fileNameMatches('tracking_*', 'tracking_0101.csv')).toBe(true);
    expect(chooseAttachment(rule({ attachmentName: 'tracking' }), [file('tracking.csv')])?.fileName).toBe(
      'tracking.csv',
    );
    expect(chooseAttachment(rule({ attachmentName: '' }), [file('anything.csv')])?.fileName).toBe(
      'anything.csv',
    );
  });

  it('picks the one attachment of the right type and name: an exact name first, else the first in the message', () => {
    const attachments = [
      file('notes.txt', 'text/plain'),
      file('tracking_b.csv'),
      file('tracking_a.xlsx'),
      file('tracking_a.csv'),
    ];
    expect(chooseAttachment(rule(), attachments)?.fileName).toBe('tracking_b.csv');
    expect(chooseAttachment(rule({ attachmentName: 'tracking_a.csv' }), attachments)?.fileName).toBe(
      'tracking_a.csv',
    );
    expect(
      chooseAttachment(rule({ fileType: 'xlsx', attachmentName: 'tracking_*' }), attachments)?.fileName,
    ).toBe('tracking_a.xlsx');
    // A file without an extension counts by its MIME type.
    expect(chooseAttachment(rule({ attachmentName: 'tracking_*' }), [file('tracking_0101')])?.fileName).toBe(
      'tracking_0101',
    );
    expect(chooseAttachment(rule({ fileType: '.xls' }), attachments)).toBeUndefined();
  });

  it('says which file was missing and what the e-mail carried', () => {
    expect(noAttachmentMessage(rule(), [])).toBe(
      'The e-mail had no .csv attachment matching "tracking_*.csv" (it had no attachments).',
    );
    expect(noAttachmentMessage(rule({ fileType: 'xlsx' }), [file('a.pdf')])).toBe(
      'The e-mail had no .xlsx attachment matching "tracking_*.csv" (its attachments: "a.pdf").',
    );
  });
});
