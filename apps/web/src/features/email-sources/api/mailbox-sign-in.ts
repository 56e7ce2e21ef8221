/** Delegated mailbox sign-in: the providers set up on the server, the start address, sign-out. */
import type { EmailSource, MailboxProvider, MailboxProviders } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailSourceKeys } from '@/lib/query-keys';

export const mailboxProvidersQueryOptions = () =>
  queryOptions({
    queryKey: [...emailSourceKeys.all, 'oauth-providers'] as const,
    queryFn: ({ signal }) => api.get<MailboxProviders>('/api/email-sources/oauth/providers', signal),
    staleTime: 5 * 60_000,
  });

export function useMailboxProviders() {
  return useQuery(mailboxProvidersQueryOptions());
}

/** The browser goes here (a full navigation): the server redirects it to the provider. */
export function signInStartPath(sourceId: number, provider: MailboxProvider): string {
  return `/api/email-sources/${sourceId}/oauth/${provider}/start`;
}

export function useSignOutMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceId: number) => api.post<EmailSource>(`/api/email-sources/${sourceId}/oauth/sign-out`),
    onSuccess: (saved) => {
      queryClient.setQueryData(emailSourceKeys.detail(saved.id), saved);
    },
  });
}
