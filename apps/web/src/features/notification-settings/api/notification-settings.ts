/**
 * Notification settings (docs/behaviour/notifications.md#calls): list, one setting, create, update, delete, the e-mail configuration,
 * the cron check, the test send and the source picker's choices.
 */
import type {
  CronValidationResult,
  NotificationEmailInfo,
  NotificationSetting,
  NotificationSourceOption,
  NotificationTestResult,
  SourceTypeId,
  TNotificationSetting,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationSettingKeys } from '@/lib/query-keys';
import { type RecordKeys, useDeleteRecord, useSaveRecord } from '@/lib/record-mutations';

const NOTIFICATION_RECORDS: RecordKeys = {
  lists: notificationSettingKeys.list,
  detail: notificationSettingKeys.detail,
};

export const NOTIFICATION_SETTINGS_PATH = '/notification-settings';
export const notificationSettingEditPath = (id: number) => `${NOTIFICATION_SETTINGS_PATH}/edit/${id}`;

const API = '/api/notification-settings';

export function useNotificationSettings() {
  return useQuery(
    queryOptions({
      queryKey: notificationSettingKeys.list,
      queryFn: ({ signal }) => api.get<NotificationSetting[]>(API, signal),
    }),
  );
}

export function useNotificationSetting(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationSettingKeys.detail(id),
    queryFn: ({ signal }) => api.get<NotificationSetting>(`${API}/${id}`, signal),
    enabled: options.enabled ?? true,
  });
}

/** 0 creates (POST), any other id updates (PUT); the answer is the stored setting. */
export function saveNotificationSetting(setting: TNotificationSetting) {
  return setting.id === 0
    ? api.post<NotificationSetting | undefined>(API, setting)
    : api.put<NotificationSetting | undefined>(`${API}/${setting.id}`, setting);
}

export function useSaveNotificationSetting() {
  return useSaveRecord(NOTIFICATION_RECORDS, saveNotificationSetting);
}

export function useDeleteNotificationSetting() {
  return useDeleteRecord(NOTIFICATION_RECORDS, (id: number) => api.delete<void>(`${API}/${id}`));
}

export function useNotificationEmailInfo() {
  return useQuery({
    queryKey: notificationSettingKeys.emailInfo,
    queryFn: ({ signal }) => api.get<NotificationEmailInfo>(`${API}/email-info`, signal),
  });
}

/** The names (and ids) of the sources of one type, for the included-sources picker. */
export function useNotificationSourceOptions(sourceTypeId: SourceTypeId | null) {
  return useQuery({
    queryKey: notificationSettingKeys.sourceOptions(sourceTypeId ?? 1),
    queryFn: ({ signal }) =>
      api.get<NotificationSourceOption[]>(`${API}/source-options?sourceTypeId=${sourceTypeId}`, signal),
    enabled: sourceTypeId !== null,
  });
}

/**
 * The server's verdict on a cron expression. A query keyed by the expression: an answer that arrives after the
 * user typed on is dropped, and going back to an earlier expression is answered from the cache.
 */
export function useCronValidation(expression: string | null) {
  return useQuery({
    queryKey: notificationSettingKeys.cron(expression ?? ''),
    queryFn: () => api.post<CronValidationResult>(`${API}/validate-cron`, { cronExpression: expression }),
    enabled: expression !== null,
    // The next execution moves with the clock; a check is cheap, so an old answer is never reused for long.
    staleTime: 10_000,
    // docs/behaviour/notifications.md#setting-editor: a failed check says so at once rather than after the list retries.
    retry: false,
  });
}

export function useSendTestNotification() {
  return useMutation({
    mutationFn: (id: number) => api.post<NotificationTestResult>(`${API}/${id}/test`),
  });
}
