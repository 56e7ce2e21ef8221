/**
 * What the editors show about a stored secret (mailbox password or client secret, SFTP password): it may
 * be kept with the field blank only while the settings it was saved with are unchanged (the server's
 * rule, from @app/contracts). These turn the form's text inputs into those settings.
 */
import {
  type MailSecretSettings,
  mailSecretChanges,
  mailSecretName,
  SFTP_SECRET_NAME,
  type SftpSecretSettings,
  secretRetypeMessage,
  sftpSecretChanges,
} from '@app/contracts';

/** A port input's text as the server reads it: empty is null; anything else that is not a port never matches. */
export function formPort(value: unknown): number | null {
  const text = String(value ?? '').trim();
  if (text === '') return null;
  const port = Number(text);
  return Number.isInteger(port) ? port : Number.NaN;
}

/** The state of a stored secret as the editor shows it. */
export type StoredSecretState =
  | { kind: 'none' }
  | { kind: 'kept' }
  /** Stored, but the settings changed: the secret must be typed again; `message` says why. */
  | { kind: 'retype'; message: string };

export function mailSecretState(
  saved: MailSecretSettings | null,
  current: MailSecretSettings,
): StoredSecretState {
  if (!saved) return { kind: 'none' };
  const changes = mailSecretChanges(saved, current);
  if (changes.length === 0) return { kind: 'kept' };
  return { kind: 'retype', message: secretRetypeMessage(changes, mailSecretName(current.isMsal)) };
}

export function sftpSecretState(
  saved: SftpSecretSettings | null,
  current: SftpSecretSettings,
): StoredSecretState {
  // Without a server the stored password is dropped on save: nothing to keep, nothing to type.
  if (!saved || current.sftpServerAddress.trim() === '') return { kind: 'none' };
  const changes = sftpSecretChanges(saved, current);
  if (changes.length === 0) return { kind: 'kept' };
  return { kind: 'retype', message: secretRetypeMessage(changes, SFTP_SECRET_NAME) };
}
