/** The signed-in user's own account: profile, username, password and Order Tracking view columns. */
import {
  ORDER_TRACKING_COLUMN_KEYS,
  type OrderTrackingSettings,
  type TUpdatePassword,
  type TUpdateUserInfo,
  type TUpdateUsername,
  type UserInfo,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys';

export type EnabledColumns = OrderTrackingSettings['enabledColumns'];

export interface ProfileFields {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** The settings as the server may send them: the map can carry extra keys and the userId can be missing. */
interface RawOrderTrackingSettings {
  id?: number | null;
  userId?: number | null;
  enabledColumns?: Record<string, unknown> | null;
}

/**
 * Keeps exactly the 22 known columns (so `id` and `userOrderTrackingViewSettingsId` get no switch), treats a
 * missing column as shown (all on by default) and fills a missing userId with the current user's id.
 */
export function normaliseOrderTrackingSettings(
  raw: RawOrderTrackingSettings | null | undefined,
  currentUserId: number,
): OrderTrackingSettings {
  const source = raw?.enabledColumns ?? {};
  const enabledColumns = Object.fromEntries(
    ORDER_TRACKING_COLUMN_KEYS.map((key) => {
      const value = source[key];
      return [key, typeof value === 'boolean' ? value : true];
    }),
  ) as EnabledColumns;
  return { id: raw?.id ?? 0, userId: raw?.userId ?? currentUserId, enabledColumns };
}

export function countEnabledColumns(columns: EnabledColumns): number {
  return ORDER_TRACKING_COLUMN_KEYS.filter((key) => columns[key]).length;
}

export const userInfoQueryOptions = (username: string) =>
  queryOptions({
    queryKey: accountKeys.userInfo(username),
    queryFn: ({ signal }) =>
      api.get<UserInfo>(`/api/accounts/user-info/${encodeURIComponent(username)}`, signal),
  });

export function useUserInfo(username: string | undefined) {
  return useQuery({ ...userInfoQueryOptions(username ?? ''), enabled: Boolean(username) });
}

export const orderTrackingSettingsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: accountKeys.orderTrackingSettings(userId),
    queryFn: async ({ signal }) =>
      normaliseOrderTrackingSettings(
        await api.get<RawOrderTrackingSettings>(
          `/api/accounts/order-tracking-settings?userId=${userId}`,
          signal,
        ),
        userId,
      ),
  });

export function useOrderTrackingSettings(userId: number | undefined) {
  return useQuery({ ...orderTrackingSettingsQueryOptions(userId ?? 0), enabled: Boolean(userId) });
}

export function updateUserInfo(input: TUpdateUserInfo) {
  return api.post<ProfileFields>('/api/accounts/update/user-info', input);
}

export function useUpdateUserInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserInfo,
    onSuccess: (saved, input) => {
      queryClient.setQueriesData<UserInfo>({ queryKey: accountKeys.userInfoAll }, (old) =>
        old && old.userId === input.UserID ? { ...old, ...saved } : old,
      );
    },
  });
}

/** On success the server has already ended the session; the caller sends the user to the login page. */
export function updateUsername(input: TUpdateUsername) {
  return api.post<unknown>('/api/accounts/update/username', input);
}

export function useUpdateUsername() {
  return useMutation({ mutationFn: updateUsername });
}

/** On success the server has already ended the session; the caller sends the user to the login page. */
export function updatePassword(input: TUpdatePassword) {
  return api.post<unknown>('/api/accounts/update/password', input);
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}

export async function saveOrderTrackingSettings(
  settings: OrderTrackingSettings,
): Promise<OrderTrackingSettings> {
  const saved = await api.post<RawOrderTrackingSettings>(
    '/api/accounts/update/order-tracking-settings',
    settings,
  );
  return normaliseOrderTrackingSettings(saved, settings.userId);
}

export function useSaveOrderTrackingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrderTrackingSettings,
    onSuccess: (saved, input) => {
      // The server's copy replaces the local one (docs/behaviour/accounts-and-sign-in.md#column-settings), under the key the page reads it from.
      queryClient.setQueryData(accountKeys.orderTrackingSettings(input.userId), saved);
    },
  });
}
