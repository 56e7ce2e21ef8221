/**
 * Every TanStack Query key of the web app, in one place: a feature invalidates another's data (a processing
 * run refreshes the source list and its history) by naming the key here, not by importing that feature.
 * Each key starts with its resource, so `xKeys.all` invalidates everything of that resource.
 */
import type { RunSourceType, SourceTypeId, TOrderListRequest } from '@app/contracts';

export const accountKeys = {
  all: ['account'] as const,
  userInfoAll: ['account', 'user-info'] as const,
  userInfo: (username: string) => ['account', 'user-info', username] as const,
  orderTrackingSettings: (userId: number) => ['account', 'order-tracking-settings', userId] as const,
};

export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  list: ['api-tokens', 'list'] as const,
};

export const auditKeys = {
  all: ['audit'] as const,
  page: (query: Record<string, string | number | undefined>) => ['audit', query] as const,
};

export const emailSourceKeys = {
  all: ['email-sources'] as const,
  list: ['email-sources', 'list'] as const,
  picker: ['email-sources', 'picker'] as const,
  detail: (id: number) => ['email-sources', 'detail', id] as const,
};

export const inventorySourceKeys = {
  all: ['inventory-sources'] as const,
  list: ['inventory-sources', 'list'] as const,
  detail: (id: number) => ['inventory-sources', 'detail', id] as const,
};

export const notificationSettingKeys = {
  all: ['notification-settings'] as const,
  list: ['notification-settings', 'list'] as const,
  detail: (id: number) => ['notification-settings', 'detail', id] as const,
  emailInfo: ['notification-settings', 'email-info'] as const,
  sourceOptions: (sourceTypeId: SourceTypeId) =>
    ['notification-settings', 'source-options', sourceTypeId] as const,
  cron: (expression: string) => ['notification-settings', 'validate-cron', expression] as const,
};

export const submissionSourceKeys = {
  all: ['order-submission-sources'] as const,
  list: ['order-submission-sources', 'list'] as const,
  detail: (id: number) => ['order-submission-sources', 'detail', id] as const,
  picker: ['order-submission-sources', 'picker'] as const,
};

export const vendorKeys = {
  all: ['order-vendors'] as const,
  lists: ['order-vendors', 'list'] as const,
  list: (includeInactive: boolean) => ['order-vendors', 'list', { includeInactive }] as const,
  detail: (id: number) => ['order-vendors', 'detail', id] as const,
};

export const orderTrackingSourceKeys = {
  all: ['order-tracking-sources'] as const,
  list: ['order-tracking-sources', 'list'] as const,
  detail: (id: number) => ['order-tracking-sources', 'detail', id] as const,
};

export const orderTrackingKeys = {
  all: ['order-tracking'] as const,
  lists: ['order-tracking', 'list'] as const,
  list: (request: TOrderListRequest) => ['order-tracking', 'list', request] as const,
  order: (orderId: number) => ['order-tracking', 'order', orderId] as const,
  viewSettings: (username: string) => ['order-tracking', 'view-settings', username] as const,
};

export const runKeys = {
  all: ['runs'] as const,
  source: (sourceType: RunSourceType, sourceId: number) => ['runs', sourceType, sourceId] as const,
  page: (sourceType: RunSourceType, sourceId: number, page: number) =>
    ['runs', sourceType, sourceId, page] as const,
};

export const userKeys = {
  all: ['users'] as const,
  list: ['users', 'list'] as const,
  count: ['users', 'count'] as const,
  detail: (userId: number) => ['users', 'detail', userId] as const,
};

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  detail: (id: number) => ['webhooks', 'detail', id] as const,
  deliveries: (id: number) => ['webhooks', 'deliveries', id] as const,
};

export const mappingEvidenceKeys = {
  all: ['mapping-evidence'] as const,
  summary: ['mapping-evidence', 'summary'] as const,
};
