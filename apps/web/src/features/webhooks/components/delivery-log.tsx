import { WEBHOOK_DELIVERY_STATUS_LABELS, type WebhookDelivery } from '@app/contracts';
import { RefreshCw, Send } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/shared/format/dates';
import { useSendTestEvent, useWebhookDeliveries } from '../api/webhooks';

const STATUS_VARIANT: Record<WebhookDelivery['status'], 'default' | 'secondary' | 'destructive' | 'outline'> =
  {
    pending: 'outline',
    sending: 'secondary',
    succeeded: 'default',
    failed: 'destructive',
  };

/** The endpoint's latest deliveries, newest first, and the "Send test event" button. */
export function DeliveryLog({ endpointId }: { endpointId: number }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const sendTest = useSendTestEvent(endpointId);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Deliveries</CardTitle>
        <CardDescription>
          Each event sent to this endpoint: failed attempts are retried after 30 s, 2, 8, 32 and 128 minutes.
        </CardDescription>
        <CardAction className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => void deliveries.refetch()}>
            <RefreshCw />
            Refresh
          </Button>
          <Button
            size="sm"
            disabled={sendTest.isPending}
            onClick={async () => {
              try {
                await sendTest.mutateAsync();
                toast.success('Test event sent');
              } catch (error) {
                toast.error(describeError(error, 'The test event could not be sent.'));
              }
            }}
          >
            <Send />
            Send Test Event
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {deliveries.isError ? (
          <Alert variant="destructive">
            <AlertDescription>
              {describeError(deliveries.error, 'The deliveries could not be loaded.')}
            </AlertDescription>
          </Alert>
        ) : !deliveries.data || deliveries.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            {deliveries.isPending ? 'Loading…' : 'No deliveries yet.'}
          </p>
        ) : (
          <Table aria-label="Deliveries">
            <TableHeader>
              <TableRow>
                <TableHead>Event</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Response</TableHead>
                <TableHead>Duration</TableHead>
                <TableHead>Attempts</TableHead>
                <TableHead>Next retry</TableHead>
                <TableHead>Created</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {deliveries.data.map((delivery) => (
                <TableRow key={delivery.id}>
                  <TableCell>
                    <div className="font-medium">{delivery.eventType}</div>
                    <div className="font-mono text-muted-foreground text-xs">{delivery.eventId}</div>
                  </TableCell>
                  <TableCell>
                    <Badge variant={STATUS_VARIANT[delivery.status]}>
                      {WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}
                    </Badge>
                    {delivery.error && (
                      <div className="mt-1 max-w-xs text-destructive text-xs">{delivery.error}</div>
                    )}
                  </TableCell>
                  <TableCell>{delivery.responseCode ?? '—'}</TableCell>
                  <TableCell>{delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}</TableCell>
                  <TableCell>{delivery.attempts}</TableCell>
                  <TableCell>{delivery.nextRetryAt ? formatDateTime(delivery.nextRetryAt) : '—'}</TableCell>
                  <TableCell>{formatDateTime(delivery.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
