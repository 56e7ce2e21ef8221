/**
 * The e-mail source editor's delegated sign-in (docs/behaviour/sources.md#mailbox-sign-in): "Sign in with
 * Microsoft" / "Sign in with Google" for each provider the server has an OAuth application for, on a saved
 * source; "Signed in as <address>" and Sign out once signed in; "Sign-in expired — sign in again" when the
 * provider refused the sign-in. On a new source it offers the providers' servers for the server fields.
 */
import {
  type EmailSource,
  MAILBOX_PROVIDER_SERVERS,
  MAILBOX_SIGN_IN_BUTTONS,
  MAILBOX_SIGN_IN_EXPIRED,
  type MailboxProvider,
  mailboxSignInErrorMessage,
} from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, KeyRound, Loader2, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { describeError } from '@/lib/api-client';
import {
  mailboxProvidersQueryOptions,
  signInStartPath,
  useMailboxProviders,
  useSignOutMailbox,
} from '../api/mailbox-sign-in';

const PROVIDER_NAMES: Record<MailboxProvider, string> = { microsoft: 'Microsoft', google: 'Google' };

export function MailboxSignInCard({
  source,
  onUseServers,
}: {
  /** The saved source; undefined on a new one. */
  source: EmailSource | undefined;
  onUseServers: (provider: MailboxProvider) => void;
}) {
  const providers = useMailboxProviders();
  const offered = providers.data?.providers ?? [];
  if (offered.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign in with Microsoft 365 or Google</CardTitle>
        <CardDescription>
          The mailbox’s own account grants access (OAuth); the source then signs in to the servers below with
          that sign-in instead of the password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {source ? (
          <SavedSourceSignIn source={source} offered={offered} />
        ) : (
          <NewSourceHint offered={offered} onUseServers={onUseServers} />
        )}
      </CardContent>
    </Card>
  );
}

function NewSourceHint({
  offered,
  onUseServers,
}: {
  offered: MailboxProvider[];
  onUseServers: (provider: MailboxProvider) => void;
}) {
  return (
    <>
      <p className="text-muted-foreground text-sm">Save the source first, then sign in here.</p>
      <div className="flex flex-wrap gap-2">
        {offered.map((provider) => (
          <Button key={provider} type="button" variant="outline" onClick={() => onUseServers(provider)}>
            Use the {MAILBOX_PROVIDER_SERVERS[provider].label} servers
          </Button>
        ))}
      </div>
    </>
  );
}

function SavedSourceSignIn({ source, offered }: { source: EmailSource; offered: MailboxProvider[] }) {
  const queryClient = useQueryClient();
  const signOut = useSignOutMailbox();
  const [starting, setStarting] = useState<MailboxProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const signIn = source.signIn;

  const start = async (provider: MailboxProvider) => {
    setError(null);
    setStarting(provider);
    try {
      // A call through the API client first renews an expired session, so the provider's redirect back
      // arrives signed in.
      await queryClient.fetchQuery({ ...mailboxProvidersQueryOptions(), staleTime: 0 });
      window.location.assign(signInStartPath(source.id, provider));
    } catch (failure) {
      setStarting(null);
      setError(describeError(failure, 'The sign-in could not be started.'));
    }
  };

  return (
    <div className="grid gap-4" aria-live="polite">
      <ReturnedSignInError />
      {signIn && !signIn.expired && (
        <p className="flex items-center gap-2 text-sm">
          <CircleCheck className="size-4 shrink-0 text-green-600 dark:text-green-500" aria-hidden />
          <span>
            Signed in as <strong>{signIn.account}</strong> ({PROVIDER_NAMES[signIn.provider]})
          </span>
        </p>
      )}
      {signIn?.expired && (
        <Alert variant="destructive">
          <AlertDescription>
            {MAILBOX_SIGN_IN_EXPIRED} ({signIn.account}, {PROVIDER_NAMES[signIn.provider]})
          </AlertDescription>
        </Alert>
      )}
      {error && (
        <Alert variant="destructive">
          <AlertDescription className="break-words">{error}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {offered.map((provider) => (
          <Button
            key={provider}
            type="button"
            variant="outline"
            disabled={starting !== null}
            onClick={() => void start(provider)}
          >
            {starting === provider ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <KeyRound aria-hidden />
            )}
            {MAILBOX_SIGN_IN_BUTTONS[provider]}
          </Button>
        ))}
        {signIn && (
          <Button
            type="button"
            variant="outline"
            disabled={signOut.isPending}
            onClick={() =>
              signOut.mutate(source.id, {
                onError: (failure) => setError(describeError(failure, 'Sign out failed.')),
              })
            }
          >
            {signOut.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <LogOut aria-hidden />}
            Sign out
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * Why the provider's redirect back failed: the callback ends on the editor (or the e-mail source list when
 * the source is unknown) with a `signInError` code, shown here in words until dismissed.
 */
export function ReturnedSignInError() {
  const [searchParams, setSearchParams] = useSearchParams();
  const returned = searchParams.get('signInError');
  if (!returned) return null;
  const dismiss = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('signInError');
    next.delete('signedIn');
    setSearchParams(next, { replace: true });
  };
  return (
    <Alert variant="destructive">
      <AlertDescription className="flex flex-wrap items-center gap-3 break-words">
        <span>{mailboxSignInErrorMessage(returned)}</span>
        <Button type="button" variant="outline" size="sm" onClick={dismiss}>
          Dismiss
        </Button>
      </AlertDescription>
    </Alert>
  );
}
