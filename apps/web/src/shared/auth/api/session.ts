import type { CurrentUser, MessageResponse, TLogin } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, clearClientSession, clearSignedOut, markSignedOut, rememberUsername } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'],
  queryFn: ({ signal }) => api.get<CurrentUser>('/auth/user', signal),
  staleTime: 60_000,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** What the current user may see, from the role and the "True"/"False" flags (docs/behaviour/accounts-and-sign-in.md#roles-and-flags). */
export function permissionsOf(user: CurrentUser | undefined) {
  const isAdmin = user?.role === 'Admin';
  const orderUser = isAdmin || user?.orderUser === 'True';
  const inventoryUser = isAdmin || user?.inventoryUser === 'True';
  const submissionUser = isAdmin || user?.submissionUser === 'True';
  return {
    isAdmin,
    orderUser,
    inventoryUser,
    submissionUser,
    anySourceFlag: orderUser || inventoryUser || submissionUser,
    debugMode: user?.debugMode === 'True',
  };
}

export function usePermissions() {
  return permissionsOf(useCurrentUser().data);
}

export async function login(input: TLogin) {
  await api.post<void>('/auth/login', input);
  clearSignedOut();
  rememberUsername(input.username);
  queryClient.clear();
}

/** The session is cleared whether or not the server call succeeds (docs/behaviour/accounts-and-sign-in.md#logout). */
export async function logout() {
  try {
    await api.post<void>('/auth/logout');
  } catch (error) {
    console.warn('Server logout failed, clearing client session anyway:', error);
  }
  clearClientSession();
  markSignedOut();
  queryClient.clear();
}

export function requestPasswordReset(username: string) {
  return api.post<MessageResponse>('/auth/reset-password', username);
}

export function confirmPasswordReset(token: string, newPassword: string) {
  return api.post<MessageResponse>('/auth/reset-password/confirm', { token, newPassword });
}
