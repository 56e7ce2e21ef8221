/**
 * Inventory sources: list, one source, save, delete, the list's active switch (docs/design/differences.md#active-switches-work) and the SFTP
 * connection test of the editor (docs/behaviour/sources.md#sftp-settings).
 * The editor also accepts a changed SFTP host key through here.
 */
import type {
  InventorySource,
  SftpConnectionTestResult,
  SftpHostKeyState,
  TSftpConnectionTest,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventorySourceKeys } from '@/lib/query-keys';
import { type RecordKeys, useDeleteRecord, useSaveRecord, useSetRecordActive } from '@/lib/record-mutations';
import { inventorySourcesQueryOptions } from '@/lib/source-lists';

const INVENTORY_RECORDS: RecordKeys = { lists: inventorySourceKeys.list, detail: inventorySourceKeys.detail };

export const INVENTORY_SOURCES_PATH = '/inventory-sources';
export const inventorySourceEditPath = (id: number) => `${INVENTORY_SOURCES_PATH}/edit/${id}`;
export const inventoryManualProcessPath = (id: number) => `${INVENTORY_SOURCES_PATH}/manually-process/${id}`;
/** The stored sample inventory file, served as an attachment. */
export const inventorySampleFileUrl = (id: number) => `/api/inventory-sources/inventory/${id}/sample-file`;

export function useInventorySources() {
  return useQuery(inventorySourcesQueryOptions());
}

export const inventorySourceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: inventorySourceKeys.detail(id),
    queryFn: ({ signal }) => api.get<InventorySource>(`/api/inventory-sources/inventory/${id}`, signal),
  });

export function useInventorySource(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...inventorySourceQueryOptions(id), enabled: options.enabled ?? true });
}

/** The answer is the saved source (or nothing, 204); the editor checks its shape. */
export function saveInventorySource(body: Record<string, unknown>) {
  return api.post<unknown>('/api/inventory-sources/inventory/save', body);
}

export function useSaveInventorySource() {
  return useSaveRecord(INVENTORY_RECORDS, saveInventorySource);
}

/** docs/behaviour/sources.md#deleting-sources: a POST without a body to the source's own path deletes it. */
export function deleteInventorySource(id: number) {
  return api.post<void>(`/api/inventory-sources/inventory/${id}`);
}

export function useDeleteInventorySource() {
  return useDeleteRecord(INVENTORY_RECORDS, deleteInventorySource);
}

export function setInventorySourceActive({ id, activeStatus }: { id: number; activeStatus: boolean }) {
  return api.post<unknown>(`/api/inventory-sources/${id}/active`, { activeStatus });
}

/** The list's active switch: shown at once, rolled back if the server refuses. */
export function useSetInventorySourceActive() {
  return useSetRecordActive(INVENTORY_RECORDS, setInventorySourceActive);
}

/** Connects with the SFTP card's current values (a blank password uses the stored one) and lists the folder. */
export function testSftpConnection(body: TSftpConnectionTest) {
  return api.post<SftpConnectionTestResult>('/api/inventory-sources/test-sftp', body);
}

/** What a test of the saved server tells about its host key, as the loaded source would show it. */
function hostKeyStateAfterTest(result: SftpConnectionTestResult): Partial<SftpHostKeyState> {
  const now = new Date().toISOString();
  if (result.hostKeyStatus === 'recorded')
    return { sftpHostKey: result.hostKey, sftpHostKeyRecordedAt: now, sftpHostKeyPresented: null };
  if (result.hostKeyStatus === 'changed')
    return { sftpHostKeyPresented: result.hostKey, sftpHostKeyPresentedAt: now };
  if (result.hostKeyStatus === 'trusted') return { sftpHostKeyPresented: null, sftpHostKeyPresentedAt: null };
  return {};
}

export function useTestSftpConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testSftpConnection,
    // The server records (or refuses) the saved server's key as it tests; the editor shows it at once.
    onSuccess: (result, body) => {
      if (body.id > 0) mergeHostKeyState(queryClient, body.id, hostKeyStateAfterTest(result));
    },
  });
}

function mergeHostKeyState(
  queryClient: ReturnType<typeof useQueryClient>,
  id: number,
  state: Partial<SftpHostKeyState>,
) {
  queryClient.setQueryData<InventorySource>(inventorySourceKeys.detail(id), (source) =>
    source ? { ...source, ...state } : source,
  );
}

/** Trusts the new host key the server presents, exactly the fingerprint the editor showed. */
export function acceptSftpHostKey({ id, fingerprint }: { id: number; fingerprint: string }) {
  return api.post<SftpHostKeyState>(`/api/inventory-sources/${id}/sftp-host-key/accept`, { fingerprint });
}

export function useAcceptSftpHostKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptSftpHostKey,
    onSuccess: (state, { id }) => mergeHostKeyState(queryClient, id, state),
  });
}
