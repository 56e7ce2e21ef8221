/** The e-mail source picker of the order tracking and inventory editors: GET /api/email-sources/email-list. */
import type { PickerPair } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// The key the e-mail sources feature invalidates after a save or delete (its `emailSourceKeys.picker`), so a
// changed mailbox shows up here too; same call, same data.
export const emailSourceOptionsKey = ['email-sources', 'picker'] as const;

export const emailSourceOptionsQueryOptions = () =>
  queryOptions({
    queryKey: emailSourceOptionsKey,
    queryFn: ({ signal }) => api.get<PickerPair[]>('/api/email-sources/email-list', signal),
  });

/** item1 is the name shown, item2 the id the forms send (docs/behaviour/sources.md#email-source-picker). */
export function useEmailSourceOptions() {
  return useQuery(emailSourceOptionsQueryOptions());
}
