/**
 * "Test rules against the mailbox" (docs/behaviour/mail-intake.md#testing-rules): an editor's rules, saved or not,
 * tried on the last messages of an e-mail source's INBOX. It reads the way a poll reads — the same sign-in
 * (password, MSAL app or delegated Microsoft/Google), the same header screen, the same download and the same
 * decision (`decideMessage`, which asks `evaluateRule`) — but changes nothing: INBOX is opened read-only
 * (EXAMINE), bodies are fetched with BODY.PEEK, and nothing is written to the database (no ledger entry, no
 * inbound message, no run, no file).
 */
import type { MailSourceType, TestedMessage, TestRulesQuery, TestRulesResult } from '@app/contracts';
import type { AppContext } from '../../context';
import { MailSignInError } from '../../integrations/msal';
import { AppError } from '../../lib/app-error';
import type { EmailSourceRow } from '../email-sources/repository';
import { orderSubmissionMatchRule } from '../order-submission/engine/processor';
import { type MailMatchRule, toMailMatchRule } from './file-processors';
import { evaluateRule, type RuleEvaluation } from './mail-evaluation';
import { type ListedMessage, MailboxSession } from './mailbox-session';
import { MailboxError } from './poll-errors';
import { type BoundRule, decideMessage, screenListed } from './prepare-message';
import { fileProcessors } from './processor-registry';

/** The name the tested rule goes by in a run-like text; it is never saved. */
const TESTED_RULE_NAME = 'the rules being tested';

/** The editor's fields as the processor of that source type turns a saved source into a rule. */
export function testedRule(emailSourceId: number, query: TestRulesQuery): MailMatchRule {
  const { rules } = query;
  const fields = {
    id: 0,
    sourceName: TESTED_RULE_NAME,
    fromEmail: rules.fromEmail,
    subjectValue: rules.subjectValue,
    containsNotExact: rules.containsNotExact,
    expectedAttachmentCount: rules.expectedAttachmentCount,
    attachmentName: rules.attachmentName,
    fileType: rules.fileType,
  };
  if (query.sourceType === 'order-submission') {
    return orderSubmissionMatchRule(emailSourceId, {
      ...fields,
      noAttachmentsNeedsLinkClick: rules.noAttachmentsNeedsLinkClick,
    });
  }
  return toMailMatchRule(query.sourceType, emailSourceId, fields);
}

function boundRule(sourceType: MailSourceType, rule: MailMatchRule): BoundRule {
  const processor = fileProcessors().find((candidate) => candidate.sourceType === sourceType);
  // Every mail source type has a processor in the registry; decideMessage never calls it.
  if (!processor) throw new Error(`No file processor for ${sourceType}`);
  return { rule, processor };
}

function tested(
  base: Omit<TestedMessage, 'matched' | 'failedRule' | 'detail' | 'attachment'>,
  evaluation: Pick<RuleEvaluation, 'matched' | 'failedRule' | 'detail' | 'attachment'>,
): TestedMessage {
  return {
    ...base,
    matched: evaluation.matched,
    failedRule: evaluation.failedRule,
    detail: evaluation.detail,
    attachment: evaluation.attachment?.fileName ?? null,
  };
}

/** One listed message, decided exactly as a poll decides it for this one rule. */
async function testMessage(
  session: MailboxSession,
  listed: ListedMessage,
  bound: BoundRule,
): Promise<TestedMessage> {
  const { record, headers, candidates } = screenListed(listed, [bound]);
  const base = {
    uid: record.uid,
    receivedAt: record.receivedAt?.toISOString() ?? null,
    from: record.fromAddress,
    subject: record.subject,
  };
  // Not downloaded, as a poll would not download it: the sender rule is what fails.
  if (candidates.length === 0) {
    return tested(
      base,
      evaluateRule(bound.rule, {
        fromAddress: record.fromAddress,
        senders: headers.senders,
        subject: headers.subject,
        attachments: [],
      }),
    );
  }
  const raw = await session.readMessage(listed.uid);
  if (!raw) {
    return tested(base, {
      matched: false,
      failedRule: null,
      detail: 'The message was deleted from the mailbox before it could be read.',
      attachment: undefined,
    });
  }
  const decided = await decideMessage(record, raw, candidates);
  const withRecord = { ...base, from: decided.record.fromAddress, subject: decided.record.subject };
  if (decided.kind === 'unreadable') {
    return tested(withRecord, {
      matched: false,
      failedRule: null,
      detail: decided.message,
      attachment: undefined,
    });
  }
  const evaluation = decided.evaluations?.[0]?.evaluation;
  if (!evaluation) {
    return tested(withRecord, {
      matched: false,
      failedRule: null,
      detail: decided.kind === 'ignored' && decided.note ? decided.note : 'The message could not be read.',
      attachment: undefined,
    });
  }
  return tested(withRecord, evaluation);
}

/**
 * The last `query.limit` messages of the source's INBOX, newest first, each with what the rule decides.
 * A mailbox that cannot be reached or refuses the sign-in is a 502 whose message says why.
 */
export async function testRulesAgainstMailbox(
  context: AppContext,
  source: EmailSourceRow,
  query: TestRulesQuery,
): Promise<TestRulesResult> {
  const bound = boundRule(query.sourceType, testedRule(source.id, query));
  const session = new MailboxSession(context, source);
  const seconds = context.config.mailPollTimeoutSeconds;
  const timer = setTimeout(
    () =>
      session.abort(
        new MailboxError(
          `${session.where} did not answer the rule test within ${seconds} s; try again later.`,
        ),
      ),
    seconds * 1000,
  );
  try {
    await session.connect();
    const mailbox = await session.examineInbox();
    const listed = await session.listLast(query.limit, mailbox.exists);
    const messages: TestedMessage[] = [];
    // One at a time, collected UIDs first: imapflow hangs when a download runs inside a fetch.
    for (const message of listed) messages.push(await testMessage(session, message, bound));
    return { messages };
  } catch (error) {
    const reason = session.abortReason ?? error;
    // The mail server's (or the sign-in provider's) doing: upstream of us, and the message says why.
    if (reason instanceof MailboxError || reason instanceof MailSignInError) {
      throw new AppError(502, 'MAIL_SERVER_ERROR', reason.message);
    }
    throw reason;
  } finally {
    clearTimeout(timer);
    await session.close();
  }
}
