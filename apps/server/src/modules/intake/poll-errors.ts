/** How a poll's failures are told apart and worded for the run history (docs/behaviour/mail-intake.md). */

export class PollAbandonedError extends Error {
  override name = 'PollAbandonedError';
}

export class PollStoppedError extends PollAbandonedError {
  override name = 'PollStoppedError';
  constructor() {
    super('The instance was stopped during the poll; the poll was abandoned and the mailbox polled again.');
  }
}

/** A mail server's refusal or a dropped connection, already worded for the operator. */
export class MailboxError extends Error {
  override name = 'MailboxError';
}

const MAX_ERROR_TEXT = 500;

/**
 * An error in words fit for a run record: the server's own text for IMAP, the database's for a failed
 * query (Drizzle's wrapper repeats the query and its parameters, which may hold a file's bytes), without
 * control characters (PostgreSQL refuses NUL in text) and not endless.
 */
export function pollErrorText(error: unknown): string {
  const details = error as {
    response?: unknown;
    responseText?: string;
    message?: string;
    code?: string;
    cause?: unknown;
  };
  let text: string;
  if (typeof details.response === 'string' && details.response.trim()) {
    text = details.response.replace(/^\S+\s+(?:NO|BAD|BYE)\s+/i, '').trim();
  } else if (details.responseText) {
    text = details.responseText;
  } else if (details.message?.startsWith('Failed query') && details.cause) {
    return pollErrorText(details.cause);
  } else {
    const message = details.message ?? String(error);
    text = details.code && !message.includes(details.code) ? `${message} (${details.code})` : message;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
  return clean.length > MAX_ERROR_TEXT ? `${clean.slice(0, MAX_ERROR_TEXT - 1)}…` : clean;
}
