import { z } from 'zod';

/** Outbound webhooks (docs/behaviour/webhooks.md): admins register endpoints that receive signed events. */

/** The events an endpoint may subscribe to; `test` is sent only by "Send test event". */
export const WEBHOOK_EVENT_TYPES = [
  'run.succeeded',
  'run.failed',
  'run.held',
  'inventory.file-delivered',
  'order-submission.sent',
  'notification.digest-sent',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export type WebhookEventName = WebhookEventType | 'test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'run.succeeded': 'Run succeeded',
  'run.failed': 'Run failed',
  'run.held': 'Run held for approval',
  'inventory.file-delivered': 'Inventory file delivered',
  'order-submission.sent': 'Order submission sent',
  'notification.digest-sent': 'Notification digest sent',
};

/** The header that carries `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Inbox-Ops-Signature';

export const WEBHOOK_SECRET_MIN_LENGTH = 16;

const webhookUrl = z
  .string({ error: 'Enter the endpoint URL' })
  .trim()
  .min(1, 'Enter the endpoint URL')
  .max(2000, 'At most 2000 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === ''
      );
    } catch {
      return false;
    }
  }, 'Enter an http or https URL without a user name or password');

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Unknown event' }), { error: 'Choose at least one event' })
  .min(1, 'Choose at least one event')
  .transform((list) => [...new Set(list)]);

const secretText = z
  .string()
  .max(200, 'At most 200 characters')
  .refine((value) => value.length >= WEBHOOK_SECRET_MIN_LENGTH, {
    message: `At least ${WEBHOOK_SECRET_MIN_LENGTH} characters`,
  });

/** `POST /api/webhooks`: a new endpoint; the secret is required. */
export const ZWebhookCreateSchema = z.object({
  url: webhookUrl,
  events,
  secret: secretText,
  active: z.boolean().default(true),
});
export type TWebhookCreate = z.output<typeof ZWebhookCreateSchema>;

/** `PUT /api/webhooks/{id}`: an empty or missing secret keeps the stored one (secrets are write-only). */
export const ZWebhookUpdateSchema = z.object({
  url: webhookUrl,
  events,
  secret: z.union([z.literal(''), secretText]).optional(),
  active: z.boolean().default(true),
});
export type TWebhookUpdate = z.output<typeof ZWebhookUpdateSchema>;

/** The editor's form: one shape for create and update (the server picks the schema by route). */
export const ZWebhookFormSchema = ZWebhookUpdateSchema;
export type TWebhookForm = z.input<typeof ZWebhookFormSchema>;

export const ZWebhookDeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const eventName = z.enum([...WEBHOOK_EVENT_TYPES, 'test']);

/** One endpoint as the API answers it (responses are zod schemas too, for the API description). */
export const ZWebhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  /** Never the secret itself: it is write-only once saved. */
  hasSecret: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof ZWebhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  sending: 'Sending',
  succeeded: 'Delivered',
  failed: 'Failed',
};

export const ZWebhookDeliveryAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  ok: z.boolean(),
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});
export type WebhookDeliveryAttempt = z.infer<typeof ZWebhookDeliveryAttemptSchema>;

export const ZWebhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: eventName,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  /** When the next attempt is due; null once delivered or given up. */
  nextRetryAt: z.string().nullable(),
  createdAt: z.string(),
  attemptLog: z.array(ZWebhookDeliveryAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof ZWebhookDeliverySchema>;

/** `POST /api/webhooks` answers the new id; `POST /api/webhooks/{id}/test` the event and its delivery. */
export const ZWebhookCreatedSchema = z.object({ id: z.number().int() });
export const ZWebhookTestSentSchema = z.object({ eventId: z.string(), deliveryId: z.number().int() });

/** The JSON body of every delivery; `id` stays the same across retries (the receiver's idempotency key). */
export interface WebhookPayload<Data = Record<string, unknown>> {
  id: string;
  type: WebhookEventName;
  createdAt: string;
  data: Data;
}
