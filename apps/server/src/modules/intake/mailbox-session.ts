/**
 * The IMAP side of a poll (docs/design/mail-intake-exactly-once.md): connect, open INBOX, list the new
 * messages, read one message, set \Seen. Every step's failure becomes a MailboxError that says what was
 * being done and where; an aborted poll (deadline, lost lease) closes the connection and wins over
 * whatever error the closed connection causes.
 */
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import type { AppContext } from '../../context';
import {
  closeQuietly,
  imapEndpoint,
  imapFailureMessage,
  newImapClient,
} from '../../integrations/imap-connection';
import type { EmailSourceRow } from '../email-sources/repository';
import { mailServerSettings, signInForSource } from '../email-sources/source-connection';
import { MailboxError, pollErrorText } from './poll-errors';

export interface OpenedMailbox {
  uidValidity: number;
  exists: number;
  uidNext: number | undefined;
}

/** A message as listed, before its body is read: enough to decide whether to read it. */
export interface ListedMessage {
  uid: number;
  internalDate: Date | string | undefined;
  size: number | undefined;
  /** The raw header block (BODY.PEEK[HEADER]), parsed the same way as the full message later. */
  headers: Buffer;
  /** Its structure holds a message/rfc822 part (a forwarded message). */
  carriesMessage: boolean;
}

type StructureNode = { type?: string; childNodes?: StructureNode[] };

function carriesMessage(node: StructureNode | undefined): boolean {
  if (!node) return false;
  if (node.type?.toLowerCase() === 'message/rfc822') return true;
  return (node.childNodes ?? []).some(carriesMessage);
}

function toListed(message: FetchMessageObject): ListedMessage {
  return {
    uid: message.uid,
    internalDate: message.internalDate,
    size: message.size,
    headers: message.headers ?? Buffer.alloc(0),
    carriesMessage: carriesMessage(message.bodyStructure),
  };
}

export class MailboxSession {
  readonly where: string;
  abortReason: Error | undefined;
  private client: ImapFlow | undefined;

  constructor(
    private readonly context: AppContext,
    private readonly source: EmailSourceRow,
  ) {
    const endpoint = imapEndpoint(source);
    this.where = `${endpoint.host}:${endpoint.port}`;
  }

  abort(reason: Error): void {
    this.abortReason ??= reason;
    this.client?.close();
  }

  checkAborted(): void {
    if (this.abortReason) throw this.abortReason;
  }

  async connect(): Promise<void> {
    const settings = mailServerSettings(this.source, this.context.config);
    if (!imapEndpoint(settings).host) {
      throw new MailboxError(`The email source "${this.source.username}" has no incoming server.`);
    }
    const signIn = await signInForSource(this.context, this.source);
    this.checkAborted();
    const client = newImapClient(settings, signIn);
    this.client = client;
    try {
      await client.connect();
    } catch (error) {
      this.checkAborted();
      // The worded message is for a person; the server's own error stays with it (the run's rawError).
      throw new MailboxError(imapFailureMessage(error, client, settings, signIn.user), { cause: error });
    }
  }

  async openInbox(): Promise<OpenedMailbox> {
    const client = this.connected();
    const mailbox = await this.imap('open INBOX', () => client.mailboxOpen('INBOX'));
    return { uidValidity: Number(mailbox.uidValidity), exists: mailbox.exists, uidNext: mailbox.uidNext };
  }

  /**
   * INBOX opened read-only (EXAMINE): nothing done in it can change a flag. The rule tester reads this way
   * (docs/behaviour/mail-intake.md#testing-rules).
   */
  async examineInbox(): Promise<OpenedMailbox> {
    const client = this.connected();
    const mailbox = await this.imap('open INBOX read-only', () =>
      client.mailboxOpen('INBOX', { readOnly: true }),
    );
    return { uidValidity: Number(mailbox.uidValidity), exists: mailbox.exists, uidNext: mailbox.uidNext };
  }

  /** The last `count` of the `exists` messages (by sequence number), newest first. */
  async listLast(count: number, exists: number): Promise<ListedMessage[]> {
    if (exists === 0 || count <= 0) return [];
    const client = this.connected();
    const first = Math.max(1, exists - count + 1);
    const listed = await this.imap('list the last messages', () =>
      client.fetchAll(`${first}:${exists}`, {
        uid: true,
        headers: true,
        bodyStructure: true,
        internalDate: true,
        size: true,
      }),
    );
    return listed.sort((a, b) => b.uid - a.uid).map(toListed);
  }

  /** The messages above `lastUid`, in UID order. */
  async listNew(lastUid: number): Promise<ListedMessage[]> {
    const client = this.connected();
    const listed = await this.imap('list the new messages', () =>
      client.fetchAll(
        `${lastUid + 1}:*`,
        { uid: true, headers: true, bodyStructure: true, internalDate: true, size: true },
        { uid: true },
      ),
    );
    // `n:*` always returns the highest message, even when its UID is below n: filter it out.
    return listed
      .filter((message) => message.uid > lastUid)
      .sort((a, b) => a.uid - b.uid)
      .map(toListed);
  }

  /**
   * The whole message (BODY.PEEK: reading it does not mark it read), or undefined when a person deleted it
   * since the list was read. A message the server could not hand over must be read again by a later poll.
   */
  async readMessage(uid: number): Promise<Buffer | undefined> {
    const client = this.connected();
    const fetched = await this.imap(`read message UID ${uid}`, () =>
      client.fetchOne(String(uid), { uid: true, source: true }, { uid: true }),
    );
    if (fetched && fetched.source !== undefined) return fetched.source;
    const still = await this.imap(`look for message UID ${uid}`, () =>
      client.search({ uid: String(uid) }, { uid: true }),
    );
    if (!still || still.includes(uid)) {
      throw new MailboxError(
        `${this.where} did not return message UID ${uid}; it will be read again next time.`,
      );
    }
    return undefined;
  }

  async flagSeen(uids: number[], doing: string): Promise<void> {
    const client = this.connected();
    const set = uids.join(',');
    await this.imap(doing, async () => {
      // imapflow's STORE answers false instead of throwing (a refusal, a dropped connection).
      const stored = await client.messageFlagsAdd(set, ['\\Seen'], { uid: true });
      if (!stored) throw new Error(client.usable ? 'the server did not store the flag' : 'Connection closed');
    });
  }

  /** Signs out, or drops a dead connection. */
  async close(): Promise<void> {
    await closeQuietly(this.client);
  }

  private connected(): ImapFlow {
    if (!this.client) throw new MailboxError(`Not connected to ${this.where}.`);
    return this.client;
  }

  /** Runs one IMAP step; a failure becomes a message that says what was being done and where. */
  private async imap<T>(doing: string, step: () => Promise<T>): Promise<T> {
    this.checkAborted();
    try {
      return await step();
    } catch (error) {
      this.checkAborted();
      const lost = !this.client?.usable;
      throw new MailboxError(
        lost
          ? `The connection to ${this.where} was lost while trying to ${doing}: ${pollErrorText(error)}`
          : `${this.where} refused to ${doing}: ${pollErrorText(error)}`,
        { cause: error },
      );
    }
  }
}
