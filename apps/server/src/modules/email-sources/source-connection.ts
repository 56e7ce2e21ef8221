/**
 * Everything that uses an e-mail source's stored secret goes through here: the secret is opened only with
 * the source's own saved settings (it is sealed to them, see @app/contracts' secret-binding), and mail is
 * sent only to the source's own outgoing server. Send Test Email, inventory deliveries and vendor
 * submissions send with sendFromEmailSource; the mail intake and IDLE sign in with signInForSource. A
 * source signed in with Microsoft or Google uses its delegated access token instead
 * (mailbox-sign-in.ts).
 */

import { Readable } from 'node:stream';
import { type MailSecretSettings, mailSecretBinding, mailSecretName } from '@app/contracts';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import type { IncomingServerSettings } from '../../integrations/imap-connection';
import { type MailSignIn, MailSignInError, resolveMailSignIn } from '../../integrations/msal';
import {
  buildSmtpTransport,
  type OutgoingServerSettings,
  type SmtpSendVerdict,
  smtpEndpoint,
  smtpFailureMessage,
  smtpSendVerdict,
} from '../../integrations/outgoing-mail';
import { errorMessage } from '../../lib/error-message';
import { cleanFileName } from '../../lib/file-names';
import type { SecretBox } from '../../lib/secrets';
import { mailboxAccessToken, type SignInContext } from './mailbox-sign-in';
import type { EmailSourceRow } from './repository';

export interface SourceConnectionContext extends SignInContext {
  config: SignInContext['config'] & { connectTimeoutMs: number };
}

export type MailServerSettings = IncomingServerSettings & OutgoingServerSettings;

export function sealMailboxSecret(secrets: SecretBox, settings: MailSecretSettings, plain: string): string {
  return secrets.seal(plain, mailSecretBinding(settings));
}

export type OpenedSecret = { ok: true; secret: string } | { ok: false; message: string };

/** The row's secret, opened with the row's own settings; or why it cannot be used. */
export function openMailboxSecret(secrets: SecretBox, row: EmailSourceRow): OpenedSecret {
  const name = mailSecretName(row.isMsal);
  if (!row.passwordEncrypted) {
    return {
      ok: false,
      message: `The email source "${row.username}" has no saved ${name}. Edit it and enter the ${name}.`,
    };
  }
  try {
    return { ok: true, secret: secrets.open(row.passwordEncrypted, mailSecretBinding(row)) };
  } catch {
    return {
      ok: false,
      message: `The saved ${name} of the email source "${row.username}" cannot be used: APP_SECRET_KEY changed, or the source's server settings changed since it was saved. Edit the source, enter the ${name} again and save.`,
    };
  }
}

/**
 * How the stored source signs in: its delegated Microsoft or Google sign-in when it has one, else its
 * password or MSAL app. Throws MailSignInError (a message for the operator) when it cannot.
 */
export async function signInForSource(
  context: SourceConnectionContext,
  row: EmailSourceRow,
): Promise<MailSignIn> {
  if (row.oauthProvider) {
    return { method: 'oauth2', user: row.oauthAccount, accessToken: await mailboxAccessToken(context, row) };
  }
  const opened = openMailboxSecret(context.secrets, row);
  if (!opened.ok) throw new MailSignInError(opened.message);
  return resolveMailSignIn(mailServerSettings(row, context.config), opened.secret);
}

/** The row's connection settings with the configured connect timeout. */
export function mailServerSettings(
  row: EmailSourceRow,
  config: { connectTimeoutMs: number },
): MailServerSettings {
  return {
    username: row.username,
    email: row.email,
    isMsal: row.isMsal,
    msalClientId: row.msalClientId,
    msalTenantId: row.msalTenantId,
    incomingServer: row.incomingServer,
    incomingPort: row.incomingPort,
    outgoingServer: row.outgoingServer,
    outgoingPort: row.outgoingPort,
    ssl: row.ssl,
    connectTimeoutMs: config.connectTimeoutMs,
  };
}

/** 'source': the source's own settings stop it (fix the source); 'server': the mail server or Microsoft said no. */
export type SendOutcome =
  | { ok: true }
  | { ok: false; fault: 'source' | 'server'; message: string; verdict?: SmtpSendVerdict };

/**
 * Sends `mail` from the source's address through the source's own outgoing server, signed in with its
 * stored secret. Never throws for a mail problem: the outcome says what went wrong, in words that never
 * repeat the server's replies.
 *
 * `beforeEndOfData` runs after the message's data has been handed to the connection and before the end of
 * data that makes the relay take it: until it resolves, the relay cannot have accepted the message. When it
 * throws, the transaction is abandoned without that end, so the relay discards what it received, and the
 * outcome is 'deferred' (docs/behaviour/order-submission.md#sending-exactly-once).
 */
export async function sendFromEmailSource(
  context: SourceConnectionContext,
  row: EmailSourceRow,
  mail: Omit<Mail.Options, 'from'>,
  options: { beforeEndOfData?: () => Promise<void> } = {},
): Promise<SendOutcome> {
  const settings = mailServerSettings(row, context.config);
  if (!smtpEndpoint(settings).host) {
    return {
      ok: false,
      fault: 'source',
      message: `The email source "${row.username}" has no outgoing server. Edit it and enter one.`,
    };
  }
  // An unusable stored secret is the source's to fix (400); a refused sign-in is the server's answer (502).
  if (!row.oauthProvider) {
    const opened = openMailboxSecret(context.secrets, row);
    if (!opened.ok) return { ...opened, fault: 'source' };
  }
  let signIn: MailSignIn;
  try {
    signIn = await signInForSource(context, row);
  } catch (error) {
    if (error instanceof MailSignInError) return { ok: false, fault: 'server', message: error.message };
    throw error;
  }
  // Signed in with Microsoft or Google, the mail goes out as the signed-in mailbox.
  const message: Mail.Options = {
    ...mail,
    ...cleanAttachmentNames(mail.attachments),
    from: senderAddress(row),
  };
  const transport = buildSmtpTransport(settings, signIn);
  let stoppedBeforeEnd: unknown;
  try {
    if (options.beforeEndOfData) {
      const { beforeEndOfData } = options;
      const node = new MailComposer(message).compile();
      const envelope = node.getEnvelope();
      const content = await node.build();
      await transport.sendMail({
        envelope,
        raw: heldEndOfData(content, async () => {
          try {
            await beforeEndOfData();
          } catch (error) {
            stoppedBeforeEnd = error;
            throw error;
          }
        }),
      });
    } else {
      await transport.sendMail(message);
    }
    return { ok: true };
  } catch (error) {
    if (stoppedBeforeEnd !== undefined) {
      return {
        ok: false,
        fault: 'server',
        message: `The e-mail was not handed over to ${smtpEndpoint(settings).host}: ${errorMessage(stoppedBeforeEnd)}`,
        verdict: 'deferred',
      };
    }
    return {
      ok: false,
      fault: 'server',
      message: smtpFailureMessage(error, settings, signIn.user),
      verdict: smtpSendVerdict(error),
    };
  } finally {
    transport.close();
  }
}

/**
 * The message as a stream that ends only once `beforeEnd` has resolved: nodemailer writes the end of data
 * when its source ends, and abandons the transaction when the source fails.
 */
function heldEndOfData(content: Buffer, beforeEnd: () => Promise<void>): Readable {
  let pushed = false;
  let ending = false;
  return new Readable({
    read() {
      if (!pushed) {
        pushed = true;
        this.push(content);
        return;
      }
      if (ending) return;
      ending = true;
      beforeEnd().then(
        () => this.push(null),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
}

/** Every attachment's name through the one sanitiser (lib/file-names.ts): a CR or LF must not reach a header. */
function cleanAttachmentNames(attachments: Mail.Options['attachments']): Pick<Mail.Options, 'attachments'> {
  if (!attachments) return {};
  return {
    attachments: attachments.map((attachment) =>
      typeof attachment.filename === 'string'
        ? { ...attachment, filename: cleanFileName(attachment.filename, 'attachment') }
        : attachment,
    ),
  };
}

/** The address a source's mail goes out from: the signed-in mailbox once signed in with Microsoft or Google. */
export function senderAddress(row: EmailSourceRow): string {
  return row.oauthProvider && row.oauthAccount ? row.oauthAccount : row.email;
}
