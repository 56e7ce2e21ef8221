import { WEBHOOK_EVENT_LABELS, type WebhookEndpoint } from '@app/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDeleteDialog } from '@/components/data-view/confirm-delete-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { describeError } from '@/lib/api-client';
import { useDeleteWebhook, useWebhooks, WEBHOOKS_PATH } from '../api/webhooks';

/** Admin → Webhooks: the registered endpoints (docs/behaviour/webhooks.md#the-admin-page). */
export function WebhookListPage() {
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl tracking-tight">Webhooks</h1>
          <p className="text-muted-foreground text-sm">
            Endpoints that receive signed events: finished runs, delivered inventory files, sent order
            submissions and notification digests.
          </p>
        </div>
        <Button asChild>
          <Link to={`${WEBHOOKS_PATH}/edit/0`}>
            <Plus />
            Add Endpoint
          </Link>
        </Button>
      </div>
      {webhooks.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : webhooks.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            {describeError(webhooks.error, 'The webhooks could not be loaded.')}
          </AlertDescription>
        </Alert>
      ) : webhooks.data.length === 0 ? (
        <p className="text-muted-foreground">No webhook endpoints yet.</p>
      ) : (
        <Table aria-label="Webhook endpoints">
          <TableHeader>
            <TableRow>
              <TableHead>URL</TableHead>
              <TableHead>Events</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {webhooks.data.map((endpoint) => (
              <TableRow key={endpoint.id}>
                <TableCell className="max-w-md break-all font-mono text-xs">{endpoint.url}</TableCell>
                <TableCell className="text-sm">
                  {endpoint.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ')}
                </TableCell>
                <TableCell>
                  <Badge variant={endpoint.active ? 'default' : 'secondary'}>
                    {endpoint.active ? 'Active' : 'Inactive'}
                  </Badge>
                </TableCell>
                <TableCell className="space-x-2 text-right">
                  <Button asChild size="sm" variant="outline">
                    <Link to={`${WEBHOOKS_PATH}/edit/${endpoint.id}`} aria-label={`Edit ${endpoint.url}`}>
                      Edit
                    </Link>
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    aria-label={`Delete ${endpoint.url}`}
                    onClick={() => setDeleting(endpoint)}
                  >
                    Delete
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        name={deleting?.url ?? ''}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.success('Webhook endpoint deleted');
          setDeleting(null);
        }}
      />
    </div>
  );
}
