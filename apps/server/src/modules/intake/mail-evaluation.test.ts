import { describe, expect, it } from 'vitest';
import { attachedFile } from '../../../test/modules/mail-rules';
import type { MailMatchRule } from './file-processors';
import { evaluateRule, nearestRule } from './mail-evaluation';
import type { MatchableMessage } from './mail-matching';

const rule = (overrides: Partial<MailMatchRule> = {}): MailMatchRule => ({
  sourceType: 'order-tracking',
  sourceId: 1,
  sourceName: 'Acme tracking',
  emailSourceId: 1,
  fromEmail: 'tracking@acme.example',
  subjectValue: 'Shipment report',
  containsNotExact: false,
  expectedAttachmentCount: null,
  attachmentName: 'tracking_*',
  fileType: '.csv',
  ...overrides,
});

const file = attachedFile;

const message = (overrides: Partial<MatchableMessage> = {}): MatchableMessage => ({
  fromAddress: 'tracking@acme.example',
  subject: 'Shipment report',
  attachments: [file('tracking_1127.csv')],
  ...overrides,
});

describe('the one matching decision and its reason (docs/behaviour/mail-intake.md#the-mailbox-ledger)', () => {
  it('matches and names the attachment it reads', () => {
    const result = evaluateRule(rule(), message());
    expect(result).toMatchObject({ matched: true, meantFor: true, failedRule: null });
    expect(result.detail).toBe('matched; reads tracking_1127.csv');
    expect(result.attachment?.fileName).toBe('tracking_1127.csv');
  });

  it('names the sender and the one the source expects', () => {
    const result = evaluateRule(rule(), message({ fromAddress: 'Orders <orders@acme.example>' }));
    expect(result).toMatchObject({ matched: false, meantFor: false, failedRule: 'from' });
    expect(result.detail).toBe('sent by orders@acme.example; this source expects tracking@acme.example');
  });

  it('says to turn on Contains when the subject only carries more', () => {
    const result = evaluateRule(rule(), message({ subject: 'Shipment report 27/11' }));
    expect(result.failedRule).toBe('subject');
    expect(result.detail).toBe(
      "subject 'Shipment report 27/11' does not equal 'Shipment report'; turn on Contains to match it",
    );
    expect(evaluateRule(rule(), message({ subject: 'Invoice' })).detail).toBe(
      "subject 'Invoice' does not equal 'Shipment report'",
    );
    expect(evaluateRule(rule({ containsNotExact: true }), message({ subject: 'Invoice' })).detail).toBe(
      "subject 'Invoice' does not contain 'Shipment report'",
    );
  });

  it('counts the attachments against the expected number', () => {
    const result = evaluateRule(
      rule({ expectedAttachmentCount: 1 }),
      message({ attachments: [file('tracking_1.csv'), file('tracking_2.csv')] }),
    );
    expect(result).toMatchObject({ failedRule: 'attachmentCount', meantFor: false });
    expect(result.detail).toBe('2 attachments; this source expects 1');
    expect(evaluateRule(rule({ expectedAttachmentCount: 2 }), message()).detail).toBe(
      '1 attachment; this source expects 2',
    );
  });

  it('names the missing attachment and what the message carries', () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const result = evaluateRule(rule(), message({ attachments: [file('Shipment_1127.xlsx', xlsx)] }));
    // Meant for the source (sender, subject and count passed): intake records a failed run for it.
    expect(result).toMatchObject({ matched: false, meantFor: true, failedRule: 'attachment' });
    expect(result.detail).toBe('no .csv attachment named tracking_*; the message carries Shipment_1127.xlsx');
    expect(evaluateRule(rule(), message({ attachments: [] })).detail).toBe(
      'no .csv attachment named tracking_*; the message carries no attachments',
    );
  });

  it('stops at the first rule that fails, in intake order', () => {
    const result = evaluateRule(
      rule({ expectedAttachmentCount: 3 }),
      message({ fromAddress: 'x@other.example', subject: 'Other', attachments: [] }),
    );
    expect(result.failedRule).toBe('from');
    expect(evaluateRule(rule({ expectedAttachmentCount: 3 }), message({ subject: 'Other' })).failedRule).toBe(
      'subject',
    );
  });

  it('matches a source that reads the message itself without an attachment', () => {
    const result = evaluateRule(rule({ needsNoAttachment: true }), message({ attachments: [] }));
    expect(result).toMatchObject({ matched: true, failedRule: null, attachment: undefined });
  });

  it('names the nearest source for a sender nobody expects', () => {
    const rules = [
      rule({ sourceName: 'Beta stock', fromEmail: 'stock@beta.example', subjectValue: 'Stock levels' }),
      rule(),
    ];
    expect(nearestRule(rules, message({ fromAddress: 'orders@acme.example' }))).toMatchObject({
      rule: { sourceName: 'Acme tracking' },
      why: 'same domain; it expects tracking@acme.example',
    });
    expect(
      nearestRule(
        rules,
        message({ fromAddress: 'noreply@gamma.example', subject: 'Daily stock levels 27/11' }),
      ),
    ).toMatchObject({ rule: { sourceName: 'Beta stock' } });
    expect(nearestRule(rules, message({ fromAddress: 'friend@home.example', subject: 'Lunch?' }))).toBeNull();
  });
});
