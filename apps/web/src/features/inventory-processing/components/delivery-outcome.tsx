import { CircleCheck, CircleX } from 'lucide-react';

export interface ChannelOutcome {
  ok: boolean;
  message: string;
}

export interface DeliveryOutcome {
  email?: ChannelOutcome | undefined;
  sftp?: ChannelOutcome | undefined;
}

function channel(value: unknown): ChannelOutcome | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { ok, message } = value as { ok?: unknown; message?: unknown };
  return typeof ok === 'boolean' ? { ok, message: typeof message === 'string' ? message : '' } : undefined;
}

/** A delivery outcome from a result or from a run's `details.delivery` (read defensively). */
export function readDelivery(value: unknown): DeliveryOutcome | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const outcome = { email: channel(record.email), sftp: channel(record.sftp) };
  return outcome.email || outcome.sftp ? outcome : null;
}

/** What 'Send Email Notification' and 'Submit via SFTP' did. */
export function DeliveryOutcomeList({ delivery }: { delivery: DeliveryOutcome | null }) {
  if (!delivery) return null;
  const rows: Array<[string, ChannelOutcome]> = [];
  if (delivery.email) rows.push(['Email notification', delivery.email]);
  if (delivery.sftp) rows.push(['SFTP submission', delivery.sftp]);
  return (
    <ul aria-label="Delivery" className="space-y-1.5 text-sm">
      {rows.map(([label, outcome]) => (
        <li key={label} className="flex items-start gap-2">
          {outcome.ok ? (
            <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          ) : (
            <CircleX aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
          )}
          <span className="min-w-0 break-words">
            <span className="font-medium">
              {label}
              {outcome.ok ? '' : ' failed'}:
            </span>{' '}
            {outcome.message}
          </span>
        </li>
      ))}
    </ul>
  );
}
