/**
 * The message of anything thrown, for a run record or a reply. Deliberately only the message: the mail
 * poll has its own `pollErrorText` (intake/poll-errors.ts), which also passes the IMAP server's reply on;
 * outgoing mail and SFTP must not, since an SMTP or SSH library's error can carry what was sent.
 */
export function errorMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).trim();
}
