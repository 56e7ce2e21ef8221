import nodemailer, { type Transporter } from 'nodemailer';
import type { SmtpSettings } from '../config/env';
import { AppError } from '../lib/app-error';

export interface SystemMail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
}

export interface SystemMailer {
  readonly configured: boolean;
  readonly from: string | undefined;
  send(mail: SystemMail): Promise<void>;
}

export const MAIL_NOT_CONFIGURED =
  'E-mail could not be sent: this server has no outgoing mail settings (SMTP_HOST). Please contact your administrator.';

/** The system sender (password reset, notifications); separate from the e-mail sources operators configure. */
export function createSystemMailer(
  settings: SmtpSettings | undefined,
  log: { warn(obj: object, msg: string): void },
): SystemMailer {
  let transport: Transporter | undefined;
  return {
    configured: settings !== undefined,
    from: settings?.from,
    async send(mail) {
      if (!settings) {
        log.warn({ to: mail.to, subject: mail.subject }, 'system mail not sent: SMTP is not configured');
        throw AppError.serviceUnavailable(MAIL_NOT_CONFIGURED);
      }
      transport ??= nodemailer.createTransport({
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
        connectionTimeout: 15_000,
      });
      try {
        await transport.sendMail({ from: settings.from, ...mail });
      } catch (error) {
        log.warn({ err: error, to: mail.to }, 'system mail failed');
        // The relay's own error stays as the cause: its reply code tells a deferral (4xx) from a refusal.
        throw Object.assign(
          AppError.serviceUnavailable(`E-mail could not be sent: ${(error as Error).message}`),
          { cause: error },
        );
      }
    },
  };
}
