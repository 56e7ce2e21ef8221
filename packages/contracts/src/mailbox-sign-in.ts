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
