/**
 * The source lists (order tracking, inventory, e-mail, order submission, vendors) as query options: their own
 * list pages show them, and the run history reads a source's name from them without importing the features.
 */
import type {
  EmailSourceListItem,
  InventorySourceListItem,
  OrderSubmissionSourceListItem,
  OrderTrackingSourceListItem,
  OrderVendorSourceListItem,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  emailSourceKeys,
  inventorySourceKeys,
  orderTrackingSourceKeys,
  submissionSourceKeys,
  vendorKeys,
} from '@/lib/query-keys';

export const emailSourcesQueryOptions = () =>
  queryOptions({
    queryKey: emailSourceKeys.list,
    queryFn: ({ signal }) => api.get<EmailSourceListItem[]>('/api/email-sources/emails', signal),
  });

export const inventorySourcesQueryOptions = () =>
  queryOptions({
    queryKey: inventorySourceKeys.list,
    queryFn: ({ signal }) => api.get<InventorySourceListItem[]>('/api/inventory-sources/inventories', signal),
  });

export const submissionSourcesQueryOptions = () =>
  queryOptions({
    queryKey: submissionSourceKeys.list,
    queryFn: ({ signal }) =>
      api.get<OrderSubmissionSourceListItem[]>('/api/order-submission/sources/active', signal),
  });

/** docs/behaviour/order-submission.md#vendor-list: the list shows active vendors; `includeInactive` (beyond the spec) finds switched-off ones. */
export const vendorsQueryOptions = (includeInactive = false) =>
  queryOptions({
    queryKey: vendorKeys.list(includeInactive),
    queryFn: ({ signal }) =>
      api.get<OrderVendorSourceListItem[]>(
        `/api/order-submission/vendor/active${includeInactive ? '?includeInactive=true' : ''}`,
        signal,
      ),
  });

export const orderTrackingSourcesQueryOptions = () =>
  queryOptions({
    queryKey: orderTrackingSourceKeys.list,
    queryFn: ({ signal }) =>
      api.get<OrderTrackingSourceListItem[]>('/api/order-tracking-sources/active', signal),
  });
