/** The audit log (docs/behaviour/audit-log.md): one page of entries, filtered as GET /api/audit allows. */
import type { AuditPage, TAuditQueryInput } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys } from '@/lib/query-keys';

/** The query as URL parameters, leaving out what is unset. */
export function auditSearch(query: TAuditQueryInput): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

export const auditQueryOptions = (query: TAuditQueryInput) =>
  queryOptions({
    queryKey: auditKeys.page(Object.fromEntries(auditSearch(query))),
    queryFn: ({ signal }) => api.get<AuditPage>(`/api/audit?${auditSearch(query)}`, signal),
    // A history is opened after a save: always read it again.
    staleTime: 0,
  });

export function useAuditPage(query: TAuditQueryInput, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...auditQueryOptions(query),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
