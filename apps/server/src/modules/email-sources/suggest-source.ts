/**
 * Create a source from a message (docs/behaviour/mail-intake.md#create-a-source-from-a-message): the rules and
 * the column mapping a ledger message and one of its attachments suggest for a new order tracking or
 * inventory source. Nothing is stored and nothing on the mail server changes: the message is read from its
 * stored .eml, else downloaded by UID with BODY.PEEK (no \Seen flag); the editor saves only on Save.
 */
import { type SourcePrefill, type SuggestSourceRequest, spreadsheetTypeOf } from '@app/contracts';
import type { AppContext } from '../../context';
import { isSpreadsheetError } from '../../integrations/spreadsheet';
import { AppError } from '../../lib/app-error';
import { hasFlag, type SessionUser, type UserFlag } from '../../plugins/session';
import { readStoredFile } from '../files/stored-files';
import { ledgerMessage } from '../intake/mail-ledger-repository';
import { MailboxSession } from '../intake/mailbox-session';
import { prepareMail } from '../intake/mime/prepare-mail';
import { MailboxError, pollErrorText } from '../intake/poll-errors';
import { attachmentWildcard, stableSubject } from '../intake/source-from-message';
import { learnedEvidence } from '../mapping-suggestions/evidence';
import { readSampleRows, suggestMapping } from '../mapping-suggestions/index';
import { type EmailSourceRow, findEmailSourceById } from './repository';

const KIND_FLAG: Record<SuggestSourceRequest['kind'], UserFlag> = {
  'order-tracking': 'orderUser',
  inventory: 'inventoryUser',
};

const KIND_REFUSED: Record<SuggestSourceRequest['kind'], string> = {
  'order-tracking': 'Order tracking sources are for order users',
  inventory: 'Inventory sources are for inventory users',
};

/** A download by UID that the server does not answer in time is given up: the prefill goes without mapping. */
const DOWNLOAD_TIMEOUT_MS = 30_000;

type Ledgered = NonNullable<Awaited<ReturnType<typeof ledgerMessage>>>;

/** The raw message, or why there is none. */
type RawMessage = { raw: Buffer } | { missing: string };

export async function suggestSourceFromMessage(
  context: AppContext,
  user: SessionUser,
  emailSourceId: number,
  messageId: number,
  request: SuggestSourceRequest,
): Promise<SourcePrefill> {
  const { db } = context;
  if (!hasFlag(user, KIND_FLAG[request.kind])) throw AppError.forbidden(KIND_REFUSED[request.kind]);
  const source = await findEmailSourceById(db, emailSourceId);
  if (!source) throw AppError.notFound('Email source not found');
  const message = await ledgerMessage(db, emailSourceId, messageId);
  if (!message) throw AppError.notFound('Message not found in this mailbox');
  if (message.attachments.length === 0) {
    const text = 'The message lists no attachments: a source is made from one of its files';
    throw AppError.badRequest(text, { attachment: text });
  }
  const listed = message.attachments[request.attachment];
  if (!listed) {
    const text = `The message has ${message.attachments.length} attachment(s): choose 0 to ${message.attachments.length - 1}`;
    throw AppError.badRequest(text, { attachment: text });
  }
  const fileType = spreadsheetTypeOf(listed.fileName, listed.contentType);
  if (!fileType) {
    const text = `"${listed.fileName}" is not a .csv, .xls or .xlsx file, which sources read`;
    throw AppError.badRequest(text, { attachment: text });
  }
  const rules = {
    kind: request.kind,
    messageId: message.id,
    fileName: listed.fileName,
    emailSourceId,
    fromEmail: message.fromAddress ?? '',
    ...stableSubject(message.subject),
    attachmentName: attachmentWildcard(listed.fileName),
    fileType,
  };
  const found = await rawMessage(context, source, message);
  if ('missing' in found)
    return { ...rules, mapping: null, mappingNote: noMapping(listed.fileName, found.missing) };
  const attachments = prepareMail(found.raw).attachments;
  // The ledger listed the same files in the same order; the name guards against a different reading.
  const file =
    attachments[request.attachment]?.fileName === listed.fileName
      ? attachments[request.attachment]
      : attachments.find((candidate) => candidate.fileName === listed.fileName);
  if (!file) {
    return {
      ...rules,
      mapping: null,
      mappingNote: noMapping(listed.fileName, 'the message no longer carries it'),
    };
  }
  try {
    const rows = await readSampleRows(file.content, { fileName: file.fileName });
    const mapping = suggestMapping(rows, request.kind, await learnedEvidence(db, request.kind));
    return { ...rules, mapping, mappingNote: null };
  } catch (error) {
    if (!isSpreadsheetError(error)) throw error;
    return {
      ...rules,
      mapping: null,
      mappingNote: noMapping(listed.fileName, `it could not be read: ${error.message}`),
    };
  }
}

function noMapping(fileName: string, why: string): string {
  return `No column mapping was suggested: "${fileName}" ${why}. Fill in the mappings, or use Suggest from a sample file.`;
}

async function rawMessage(
  context: AppContext,
  source: EmailSourceRow,
  message: Ledgered,
): Promise<RawMessage> {
  if (message.rawFileId !== null) {
    const stored = await readStoredFile(context.db, message.rawFileId);
    if (stored) return { raw: stored.content };
  }
  // Intake keeps a message's .eml only when a source took it; the mailbox may still hold the others.
  const notStored = 'is not stored here (intake keeps a message only when a source took it)';
  const session = new MailboxSession(context, source);
  const timer = setTimeout(
    () =>
      session.abort(
        new MailboxError(`${session.where} did not answer within ${DOWNLOAD_TIMEOUT_MS / 1000} s`),
      ),
    DOWNLOAD_TIMEOUT_MS,
  );
  try {
    await session.connect();
    const inbox = await session.openInbox();
    if (inbox.uidValidity !== message.uidValidity) {
      return {
        missing: `${notStored}, and the mailbox was renumbered (UIDVALIDITY changed) since it was read`,
      };
    }
    const raw = await session.readMessage(message.uid);
    return raw ? { raw } : { missing: `${notStored}, and the message is gone from the mailbox` };
  } catch (error) {
    if (!(error instanceof MailboxError)) throw error;
    return {
      missing: `${notStored}, and the mail server could not be asked for it: ${pollErrorText(error)}`,
    };
  } finally {
    clearTimeout(timer);
    await session.close();
  }
}
