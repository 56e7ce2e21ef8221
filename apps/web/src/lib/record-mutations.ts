/**
 * The mutations every record list shares (sources, vendors, notification settings): save, delete and the
 * list's active switch, keeping the cached list and the record's own entry in step
 * (docs/behaviour/screens.md#delete-confirmation, docs/design/differences.md#active-switches-work).
 */
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

export interface RecordKeys {
  /** The prefix of every cached list of these records (a list may be cached with parameters). */
  lists: QueryKey;
  detail: (id: number) => QueryKey;
  /** Further caches built from these records (a picker's name/id pairs), refreshed after each change. */
  also?: QueryKey[];
}

interface Listed {
  id: number;
  activeStatus?: boolean | null;
}

function useRefresh(keys: RecordKeys) {
  const queryClient = useQueryClient();
  return (...extra: QueryKey[]) =>
    Promise.all(
      [keys.lists, ...(keys.also ?? []), ...extra].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** A save answers with the saved record (kept as its detail) or nothing (204); the lists refetch. */
export function useSaveRecord<TBody, TAnswer>(keys: RecordKeys, save: (body: TBody) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(keys);
  return useMutation({
    mutationFn: save,
    onSuccess: async (saved) => {
      if (saved && typeof saved === 'object' && 'id' in saved && typeof saved.id === 'number') {
        queryClient.setQueryData(keys.detail(saved.id), saved);
      }
      await refresh();
    },
  });
}

/** On success the record leaves the cached lists at once; the refetch then confirms them. */
export function useDeleteRecord(keys: RecordKeys, remove: (id: number) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(keys);
  return useMutation({
    mutationFn: remove,
    onSuccess: async (_result, id) => {
      queryClient.setQueriesData<Listed[]>({ queryKey: keys.lists }, (list) =>
        list?.filter((record) => record.id !== id),
      );
      queryClient.removeQueries({ queryKey: keys.detail(id) });
      await refresh();
    },
  });
}

/** The list's active checkbox and switch: shown at once, rolled back if the server refuses. */
export function useSetRecordActive(
  keys: RecordKeys,
  setActive: (input: { id: number; activeStatus: boolean }) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(keys);
  return useMutation({
    mutationFn: setActive,
    onMutate: async ({ id, activeStatus }) => {
      await queryClient.cancelQueries({ queryKey: keys.lists });
      const previous = queryClient.getQueriesData<Listed[]>({ queryKey: keys.lists });
      queryClient.setQueriesData<Listed[]>({ queryKey: keys.lists }, (list) =>
        list?.map((record) => (record.id === id ? { ...record, activeStatus } : record)),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: async (_data, _error, { id }) => {
      await refresh(keys.detail(id));
    },
  });
}
