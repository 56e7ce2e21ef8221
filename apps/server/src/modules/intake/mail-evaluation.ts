/**
 * The one decision of whether a message is for a source, with its reason in the operator's words
 * (docs/behaviour/mail-intake.md#the-mailbox-ledger). Intake decides through `evaluateRule`, and the ledger and
 * the rule tester show what it returned, so an explanation can never disagree with what happened.
 *
 * The rules are read in the order intake applies them: sender, subject, attachment count, attachment.
 * The first that fails is the reason; `meantFor` says the first three passed (the message is this
 * source's, even when its file is missing: intake then records a failed run naming what was missing).
 */
import type { MailFailedRule } from '@app/contracts';
import type { MailMatchRule, SourceMatchFields } from './file-processors';
import {
  addressPart,
  chooseAttachment,
  type MailAttachment,
  type MatchableMessage,
  normaliseFileType,
  senderMatches,
  subjectMatches,
} from './mail-matching';

/** The fields of a rule that matching reads: a saved source's or the ones in an editor, not yet saved. */
export type EvaluatedRule = Omit<SourceMatchFields, 'id' | 'sourceName'> &
  Pick<MailMatchRule, 'needsNoAttachment'>;

export interface RuleEvaluation {
  /** Every rule passed and, unless the source reads the message itself, an attachment was chosen. */
  matched: boolean;
  /** Sender, subject and attachment count passed: the message is meant for this source. */
  meantFor: boolean;
  failedRule: MailFailedRule | null;
  detail: string;
  /** The attachment the source reads (undefined when none fits or the source needs none). */
  attachment: MailAttachment | undefined;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function senderText(message: MatchableMessage): string {
  const senders = message.senders ?? (message.fromAddress ? [message.fromAddress] : []);
  if (senders.length === 0) return 'no sender';
  return senders.map(addressPart).join(', ');
}

function fail(failedRule: MailFailedRule, detail: string): RuleEvaluation {
  return { matched: false, meantFor: failedRule === 'attachment', failedRule, detail, attachment: undefined };
}

function subjectDetail(rule: EvaluatedRule, subject: string): string {
  const wanted = rule.subjectValue.trim();
  if (rule.containsNotExact) return `subject '${subject}' does not contain '${wanted}'`;
  const containsIt = subjectMatches({ subjectValue: wanted, containsNotExact: true }, subject);
  const hint = containsIt ? '; turn on Contains to match it' : '';
  return `subject '${subject}' does not equal '${wanted}'${hint}`;
}

function attachmentDetail(rule: EvaluatedRule, attachments: MailAttachment[]): string {
  const pattern = rule.attachmentName.trim() || '*';
  const carried =
    attachments.length === 0
      ? 'the message carries no attachments'
      : `the message carries ${attachments.map((attachment) => attachment.fileName).join(', ')}`;
  return `no ${normaliseFileType(rule.fileType)} attachment named ${pattern}; ${carried}`;
}

/** Whether `message` is for a source with `rule`, and why not: the first rule that failed. */
export function evaluateRule(rule: EvaluatedRule, message: MatchableMessage): RuleEvaluation {
  if (!senderMatches(rule, message.senders ?? message.fromAddress)) {
    const expected = addressPart(rule.fromEmail);
    return fail(
      'from',
      `sent by ${senderText(message)}; this source expects ${expected || 'no sender (none is set)'}`,
    );
  }
  if (!subjectMatches(rule, message.subject)) return fail('subject', subjectDetail(rule, message.subject));
  const count = message.attachments.length;
  if (rule.expectedAttachmentCount !== null && count !== rule.expectedAttachmentCount) {
    return fail(
      'attachmentCount',
      `${plural(count, 'attachment')}; this source expects ${rule.expectedAttachmentCount}`,
    );
  }
  if (rule.needsNoAttachment) {
    return {
      matched: true,
      meantFor: true,
      failedRule: null,
      detail: 'matched; the source reads the message itself (its file is behind a link)',
      attachment: undefined,
    };
  }
  const attachment = chooseAttachment(rule, message.attachments);
  if (!attachment) return fail('attachment', attachmentDetail(rule, message.attachments));
  return {
    matched: true,
    meantFor: true,
    failedRule: null,
    detail: `matched; reads ${attachment.fileName}`,
    attachment,
  };
}

/** A source a message's sender or subject comes close to, for a message no source expects. */
export interface NearRule {
  sourceName: string;
  fromEmail: string;
  subjectValue: string;
}

function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : address.slice(at + 1);
}

function words(value: string): Set<string> {
  return new Set(
    value
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 2 && !/^\d+$/.test(word)),
  );
}

/**
 * The nearest source for a sender nobody expects: first one expecting an address of the same domain,
 * else one whose subject shares most words with the message's (at least half of the rule's words).
 */
export function nearestRule<T extends NearRule>(
  rules: readonly T[],
  message: MatchableMessage,
): { rule: T; why: string } | null {
  const senders = (message.senders ?? (message.fromAddress ? [message.fromAddress] : [])).map(addressPart);
  const domains = new Set(senders.map(domainOf).filter((domain) => domain !== ''));
  const sameDomain = rules.find((rule) => domains.has(domainOf(addressPart(rule.fromEmail))));
  if (sameDomain)
    return { rule: sameDomain, why: `same domain; it expects ${addressPart(sameDomain.fromEmail)}` };
  const subjectWords = words(message.subject);
  let best: { rule: T; score: number } | null = null;
  for (const rule of rules) {
    const wanted = words(rule.subjectValue);
    if (wanted.size === 0) continue;
    const shared = [...wanted].filter((word) => subjectWords.has(word)).length;
    const score = shared / wanted.size;
    if (score >= 0.5 && (!best || score > best.score)) best = { rule, score };
  }
  if (!best) return null;
  return {
    rule: best.rule,
    why: `similar subject '${best.rule.subjectValue.trim()}'; it expects ${addressPart(best.rule.fromEmail)}`,
  };
}
