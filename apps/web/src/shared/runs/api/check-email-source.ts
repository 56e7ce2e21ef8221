/** "Check now" on an e-mail source: polls its mailbox in the request and answers once the poll finished. */
import type { EmailSourcePollResult } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailSourceKeys, inventorySourceKeys, orderTrackingSourceKeys, runKeys } from '@/lib/query-keys';
import { progressHeaders } from './work-progress';

export function checkEmailSourceNow({ id, progressKey }: { id: number; progressKey?: string }) {
  return api.post<EmailSourcePollResult>(
    `/api/email-sources/${id}/poll`,
    undefined,
    progressKey ? progressHeaders(progressKey) : undefined,
  );
}

export function useCheckEmailSourceNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkEmailSourceNow,
    onSettled: async () => {
      // A poll may have imported files for any kind of source, so every history and list is refreshed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: emailSourceKeys.list }),
        queryClient.invalidateQueries({ queryKey: runKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderTrackingSourceKeys.list }),
        queryClient.invalidateQueries({ queryKey: inventorySourceKeys.list }),
      ]);
    },
  });
}
