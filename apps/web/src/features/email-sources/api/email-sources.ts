/** E-mail sources: list, one source, save, delete, active switch, test e-mail, connection test, picker. */
import {
  type EmailConnectionTestResult,
  type EmailSource,
  type EmailSourceListItem,
  LEDGER_PAGE_DEFAULT,
  type LedgerOutcome,
  type LedgerPage,
  type OfferAgainResult,
  type PickerPair,
  type SourcePrefill,
  type SuggestSourceRequest,
  type TEmailConnectionTest,
  type TEmailSource,
} from '@app/contracts';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailSourceKeys } from '@/lib/query-keys';
import { type RecordKeys, useDeleteRecord, useSaveRecord } from '@/lib/record-mutations';
import { emailSourcesQueryOptions } from '@/lib/source-lists';

const EMAIL_RECORDS: RecordKeys = {
  lists: emailSourceKeys.list,
  detail: emailSourceKeys.detail,
  also: [emailSourceKeys.picker],
};

// Everything lives under ['email-sources'], so a save or delete also refreshes the picker other editors use.
export function useEmailSources() {
  return useQuery(emailSourcesQueryOptions());
}

export const emailSourceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: emailSourceKeys.detail(id),
    queryFn: ({ signal }) => api.get<EmailSource>(`/api/email-sources/email/${id}`, signal),
  });

export function useEmailSource(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...emailSourceQueryOptions(id), enabled: options.enabled ?? true });
}

/** GET /api/email-sources/email-list: {item1: name, item2: id} pairs for the source editors' pickers. */
export const emailSourcePickerQueryOptions = () =>
  queryOptions({
    queryKey: emailSourceKeys.picker,
    queryFn: ({ signal }) => api.get<PickerPair[]>('/api/email-sources/email-list', signal),
  });

export function useEmailSourcePicker() {
  return useQuery(emailSourcePickerQueryOptions());
}

/** Creates the source when id is 0, otherwise updates it; a blank password keeps the stored one. */
export function saveEmailSource(input: TEmailSource) {
  return api.post<EmailSource>('/api/email-sources/email/save', input);
}

export function useSaveEmailSource() {
  return useSaveRecord(EMAIL_RECORDS, saveEmailSource);
}

export function deleteEmailSource(id: number) {
  return api.post<void>(`/api/email-sources/delete/${id}`);
}

export function useDeleteEmailSource() {
  return useDeleteRecord(EMAIL_RECORDS, deleteEmailSource);
}

export interface ActiveChange {
  id: number;
  activeStatus: boolean;
}

/** Beyond the spec (docs/design/differences.md#active-switches-work): the list's active checkbox and switch really change the source. */
export function setEmailSourceActive({ id, activeStatus }: ActiveChange) {
  return api.post<ActiveChange>(`/api/email-sources/${id}/active`, { activeStatus });
}

export function useSetEmailSourceActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEmailSourceActive,
    onSuccess: (saved) => {
      queryClient.setQueryData<EmailSourceListItem[]>(emailSourceKeys.list, (rows) =>
        rows?.map((row) => (row.id === saved.id ? { ...row, activeStatus: saved.activeStatus } : row)),
      );
      queryClient.setQueryData<EmailSource>(emailSourceKeys.detail(saved.id), (source) =>
        source ? { ...source, activeStatus: saved.activeStatus } : source,
      );
    },
  });
}

/** POST /api/email-sources/send-test-email (docs/behaviour/sources.md#send-test-email); EmailSource is the whole list item. */
export interface SendTestEmailRequest {
  ToEmail: string;
  SubjectLine: string;
  MessageContent: string;
  FileData: { FileName: string; FileData: string } | null;
  EmailSource: EmailSourceListItem;
}

export function sendTestEmail(request: SendTestEmailRequest) {
  return api.post<{ message?: string } | undefined>('/api/email-sources/send-test-email', request);
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}

/** Beyond the spec: checks the editor's current values against both servers without saving them. */
export function testEmailConnection(input: TEmailConnectionTest) {
  return api.post<EmailConnectionTestResult>('/api/email-sources/test-connection', input);
}

export function useTestEmailConnection() {
  return useMutation({ mutationFn: testEmailConnection });
}

/** GET /api/email-sources/{id}/messages: the mailbox ledger, newest first, one page after another. */
export function useMailboxLedger(id: number, filters: { outcome: LedgerOutcome | ''; q: string }) {
  return useInfiniteQuery({
    queryKey: [...emailSourceKeys.detail(id), 'messages', filters] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(LEDGER_PAGE_DEFAULT) });
      if (pageParam) params.set('before', pageParam);
      if (filters.outcome) params.set('outcome', filters.outcome);
      if (filters.q.trim()) params.set('q', filters.q.trim());
      return api.get<LedgerPage>(`/api/email-sources/${id}/messages?${params}`, signal);
    },
    getNextPageParam: (last) => last.nextBefore,
  });
}

/**
 * POST /api/email-sources/{id}/messages/{messageId}/offer-again: the message decided again by the mailbox's
 * current sources; the ledger is read again, since the message's outcome may have changed.
 */
export function useOfferAgain(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) =>
      api.post<OfferAgainResult>(`/api/email-sources/${id}/messages/${messageId}/offer-again`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...emailSourceKeys.detail(id), 'messages'] }),
  });
}

/**
 * POST /api/email-sources/{id}/messages/{messageId}/suggest-source: the prefill of a new source from a ledger
 * message's attachment (docs/behaviour/mail-intake.md#create-a-source-from-a-message); nothing is stored.
 */
export function suggestSourceFromMessage(input: {
  emailSourceId: number;
  messageId: number;
  request: SuggestSourceRequest;
}) {
  return api.post<SourcePrefill>(
    `/api/email-sources/${input.emailSourceId}/messages/${input.messageId}/suggest-source`,
    input.request,
  );
}

export function useSuggestSourceFromMessage() {
  return useMutation({ mutationFn: suggestSourceFromMessage });
}
