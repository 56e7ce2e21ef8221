/**
 * Order vendor sources: list, one vendor, save (with its aliases), delete, alias delete, the list's active
 * switch (docs/behaviour/order-submission.md#calls, docs/design/differences.md#active-switches-work), the stored template's download and the preview of a generated file.
 */
import type { OrderVendorSource, TVendorPreviewRequest, VendorPreviewResponse } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { vendorKeys } from '@/lib/query-keys';
import { type RecordKeys, useDeleteRecord, useSaveRecord, useSetRecordActive } from '@/lib/record-mutations';
import { vendorsQueryOptions } from '@/lib/source-lists';

const VENDOR_RECORDS: RecordKeys = { lists: vendorKeys.lists, detail: vendorKeys.detail };

export const VENDORS_PATH = '/order-submission/vendor';
export const vendorEditPath = (id: number) => `${VENDORS_PATH}/edit/${id}`;
/** The stored template, served as an attachment under its own file name. */
export const vendorTemplateUrl = (id: number) => `/api/order-submission/vendor/${id}/template`;

export function useVendors(includeInactive: boolean) {
  return useQuery(vendorsQueryOptions(includeInactive));
}

export const vendorQueryOptions = (id: number) =>
  queryOptions({
    queryKey: vendorKeys.detail(id),
    queryFn: ({ signal }) => api.get<OrderVendorSource>(`/api/order-submission/vendor/get/${id}`, signal),
  });

export function useVendor(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...vendorQueryOptions(id), enabled: options.enabled ?? true });
}

/** The vendor form plus its aliases (docs/behaviour/order-submission.md#calls); the answer is the saved vendor (or nothing, 204). */
export function saveVendor(body: Record<string, unknown>) {
  return api.post<unknown>('/api/order-submission/vendor/save', body);
}

export function useSaveVendor() {
  return useSaveRecord(VENDOR_RECORDS, saveVendor);
}

export function deleteVendor(id: number) {
  return api.post<void>(`/api/order-submission/vendor/delete/${id}`);
}

export function useDeleteVendor() {
  return useDeleteRecord(VENDOR_RECORDS, deleteVendor);
}

/** docs/behaviour/order-submission.md#aliases: deleting an existing alias is immediate, through its own call. */
export function deleteVendorAlias(aliasId: number) {
  return api.post<void>(`/api/order-submission/vendor/alias/delete/${aliasId}`);
}

export function useDeleteVendorAlias(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVendorAlias,
    onSuccess: async (_result, aliasId) => {
      queryClient.setQueryData<OrderVendorSource>(vendorKeys.detail(vendorId), (vendor) =>
        vendor
          ? {
              ...vendor,
              vendorSourceAliases: vendor.vendorSourceAliases.filter((alias) => alias.id !== aliasId),
            }
          : vendor,
      );
      await queryClient.invalidateQueries({ queryKey: vendorKeys.lists });
    },
  });
}

export function setVendorActive({ id, activeStatus }: { id: number; activeStatus: boolean }) {
  return api.post<unknown>(`/api/order-submission/vendor/${id}/active`, { activeStatus });
}

/** The list's active switch: shown at once in every cached list, rolled back if the server refuses. */
export function useSetVendorActive() {
  return useSetRecordActive(VENDOR_RECORDS, setVendorActive);
}

/**
 * Builds the vendor file the current (unsaved) form would send for an order file, without sending or storing
 * anything (docs/behaviour/order-submission.md#preview, beyond the spec).
 */
export function previewVendorFile(body: TVendorPreviewRequest) {
  return api.post<VendorPreviewResponse>('/api/order-submission/vendor/preview', body);
}

export function usePreviewVendorFile() {
  return useMutation({ mutationFn: previewVendorFile });
}
