/** Outbound webhooks for admins (docs/behaviour/webhooks.md): endpoints, their delivery log, test events. */
import type { TWebhookForm, WebhookDelivery, WebhookEndpoint } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookKeys } from '@/lib/query-keys';

export const WEBHOOKS_PATH = '/admin/webhooks';

export function useWebhooks() {
  return useQuery(
    queryOptions({
      queryKey: webhookKeys.list,
      queryFn: ({ signal }) => api.get<WebhookEndpoint[]>('/api/webhooks', signal),
    }),
  );
}

export function useWebhook(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: webhookKeys.detail(id),
    queryFn: ({ signal }) => api.get<WebhookEndpoint>(`/api/webhooks/${id}`, signal),
    enabled: options.enabled ?? true,
  });
}

/** Refreshed every few seconds while a delivery is still on its way, so a test event's outcome shows up. */
export function useWebhookDeliveries(id: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => api.get<WebhookDelivery[]>(`/api/webhooks/${id}/deliveries`, signal),
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending' || delivery.status === 'sending')
        ? 2000
        : false,
  });
}

export const NEW_WEBHOOK_FORM: TWebhookForm = { url: '', events: [], secret: '', active: true };

export function toWebhookForm(endpoint: WebhookEndpoint): TWebhookForm {
  return { url: endpoint.url, events: endpoint.events, secret: '', active: endpoint.active };
}

/** Creates (id 0) or updates; answers the saved endpoint's id. */
export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id: number; values: TWebhookForm }) => {
      if (id === 0) return (await api.post<{ id: number }>('/api/webhooks', values)).id;
      return (await api.put<WebhookEndpoint>(`/api/webhooks/${id}`, values)).id;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/webhooks/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useSendTestEvent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ eventId: string; deliveryId: number }>(`/api/webhooks/${id}/test`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
