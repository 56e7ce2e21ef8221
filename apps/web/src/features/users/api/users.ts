/** Admin user management: list, one user, create or update, delete. */
import type { RevokedApiTokens, SaveUserResponse, TUserForm, User } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

// The admin dashboard's count lives under ['users', 'count'], so every change here refreshes it too.
export const usersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.list,
    queryFn: ({ signal }) => api.get<User[]>('/api/accounts/list', signal),
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}

export const userQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: userKeys.detail(userId),
    queryFn: ({ signal }) => api.get<User>(`/api/accounts/user/${userId}`, signal),
  });

export function useUser(userId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...userQueryOptions(userId), enabled: options.enabled ?? true });
}

/** What the editor starts from on create (docs/behaviour/accounts-and-sign-in.md#user-editor: orderUser on, activeStatus off). */
export const NEW_USER_FORM: TUserForm = {
  userId: 0,
  username: '',
  email: '',
  firstName: '',
  lastName: '',
  isAdmin: false,
  inventoryUser: false,
  orderUser: true,
  submissionUser: false,
  sendNotificationsToEmail: false,
  activeStatus: false,
  debugMode: false,
  password: '',
};

/** A user's current values as the body of POST /api/accounts/update/user; a blank password keeps theirs. */
export function toUserForm(user: User): TUserForm {
  return {
    userId: user.userId,
    username: user.username,
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    isAdmin: user.isAdmin,
    inventoryUser: user.inventoryUser,
    orderUser: user.orderUser,
    submissionUser: user.submissionUser,
    sendNotificationsToEmail: user.sendNotificationsToEmail,
    activeStatus: user.activeStatus,
    debugMode: user.debugMode,
    password: '',
  };
}

/** Creates the user when userId is 0, otherwise updates it. */
export function saveUser(input: TUserForm) {
  return api.post<SaveUserResponse>('/api/accounts/update/user', input);
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(userKeys.detail(user.userId), user);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.list }),
        queryClient.invalidateQueries({ queryKey: userKeys.count }),
      ]);
    },
  });
}

export function deleteUser(userId: number) {
  return api.post<void>(`/api/accounts/delete/${userId}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (_result, userId) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(userId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.list }),
        queryClient.invalidateQueries({ queryKey: userKeys.count }),
      ]);
    },
  });
}

/** An admin's "Revoke all API tokens" of a user (docs/behaviour/api-tokens.md#revoked-by-an-admin). */
export function useRevokeUserApiTokens() {
  return useMutation({
    mutationFn: (userId: number) => api.post<RevokedApiTokens>(`/api/accounts/revoke-tokens/${userId}`),
  });
}
