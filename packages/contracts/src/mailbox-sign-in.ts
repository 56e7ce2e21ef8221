/** Delegated mailbox sign-in with Microsoft 365 and Google (docs/behaviour/sources.md#mailbox-sign-in). */
import { z } from 'zod';

export const MAILBOX_PROVIDERS = ['microsoft', 'google'] as const;
export const ZMailboxProviderSchema = z.enum(MAILBOX_PROVIDERS);
export type MailboxProvider = z.infer<typeof ZMailboxProviderSchema>;

/** What a source shows, and what its poll runs fail with, once the provider refused its refresh token. */
export const MAILBOX_SIGN_IN_EXPIRED = 'Sign-in expired — sign in again';

/** The editor's button for each provider. */
export const MAILBOX_SIGN_IN_BUTTONS: Record<MailboxProvider, string> = {
  microsoft: 'Sign in with Microsoft',
  google: 'Sign in with Google',
};

/** A source's delegated sign-in as the editor sees it: never a token. */
export const ZMailboxSignInStateSchema = z.object({
  provider: ZMailboxProviderSchema,
  /** The mailbox address the provider signed in ("Signed in as …"). */
  account: z.string(),
  /** The provider refused the refresh token: the mailbox must be signed in again. */
  expired: z.boolean(),
});
export type MailboxSignInState = z.infer<typeof ZMailboxSignInStateSchema>;

/** GET /api/email-sources/oauth/providers: the providers this server has an OAuth application for. */
export const ZMailboxProvidersSchema = z.object({ providers: z.array(ZMailboxProviderSchema) });
export type MailboxProviders = z.infer<typeof ZMailboxProvidersSchema>;

/** The providers' own IMAP and SMTP servers, which the editor fills in for a new source on request. */
export const MAILBOX_PROVIDER_SERVERS: Record<
  MailboxProvider,
  {
    label: string;
    incomingServer: string;
    incomingPort: number;
    outgoingServer: string;
    outgoingPort: number;
  }
> = {
  microsoft: {
    label: 'Microsoft 365',
    incomingServer: 'outlook.office365.com',
    incomingPort: 993,
    outgoingServer: 'smtp.office365.com',
    outgoingPort: 587,
  },
  google: {
    label: 'Google',
    incomingServer: 'imap.gmail.com',
    incomingPort: 993,
    outgoingServer: 'smtp.gmail.com',
    outgoingPort: 587,
  },
};

/**
 * Why a sign-in came back without success: the provider's redirect back ends on the editor (or the e-mail
 * source list) with one of these codes in `signInError`, never free text; the details go to the server log.
 */
export const MAILBOX_SIGN_IN_ERRORS = {
  link_invalid:
    'This sign-in link is not valid (expired, altered, or started by another user). Start the sign-in again from the email source.',
  declined:
    'The sign-in was not completed: consent was refused or the sign-in was cancelled at the provider.',
  provider_error: 'The sign-in was not completed: the provider reported an error.',
  no_code: 'The sign-in was not completed: no authorization code came back.',
  token_failed: 'The sign-in failed: the provider did not hand out tokens for this sign-in. Try again.',
  no_refresh_token:
    'The sign-in failed: the provider gave no refresh token (offline access was not granted).',
  id_token_invalid: 'The sign-in failed: the provider’s ID token could not be verified.',
  not_set_up: 'Sign-in with this provider is not set up on this server.',
  source_deleted: 'The email source was deleted during the sign-in.',
  not_allowed: 'You may not sign email sources in.',
} as const;
export type MailboxSignInErrorCode = keyof typeof MAILBOX_SIGN_IN_ERRORS;

/** The editor's words for a `signInError` code (an unknown code: a general failure). */
export function mailboxSignInErrorMessage(code: string): string {
  return code in MAILBOX_SIGN_IN_ERRORS
    ? MAILBOX_SIGN_IN_ERRORS[code as MailboxSignInErrorCode]
    : 'The sign-in failed. Try again.';
}
