/** The signed-in user's personal API tokens (docs/behaviour/api-tokens.md): list, create (shown once), revoke. */
import {
  type ApiToken,
  type CreatedApiToken,
  type TCreateApiToken,
  ZCreateApiTokenSchema,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { apiTokenKeys } from '@/lib/query-keys';

/** Expiry choices of the create dialog, in days (the server takes any whole number up to the maximum). */
export const API_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 180, 365] as const;

/** The create form: the contract's schema, with the expiry coming from a select as text. */
export const ZCreateApiTokenFormSchema = ZCreateApiTokenSchema.extend({
  expiresInDays: z.string().transform(Number).pipe(ZCreateApiTokenSchema.shape.expiresInDays),
});
export type TCreateApiTokenFormInput = z.input<typeof ZCreateApiTokenFormSchema>;

export const apiTokensQueryOptions = queryOptions({
  queryKey: apiTokenKeys.list,
  queryFn: ({ signal }) => api.get<ApiToken[]>('/api/tokens', signal),
});

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions);
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateApiToken) => api.post<CreatedApiToken>('/api/tokens', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/tokens/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<ApiToken[]>(apiTokenKeys.list, (list) =>
        list?.filter((token) => token.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: apiTokenKeys.all });
    },
  });
}
