import type { OrderRecord } from '@app/contracts';
import { ArrowLeft, Loader2, Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, describeError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useOrder, useSaveOrderNote } from '../api/order-tracking';
import { EditOrderDialog } from '../components/edit-order-dialog';
import { TrackingNumberList } from '../components/tracking-numbers';
import { detailTiles } from '../lib/order-fields';

/** docs/behaviour/order-tracking.md#order-detail: the note glow lasts 2000 ms. */
const NOTE_GLOW_MS = 2000;

/** Browser history back (docs/behaviour/order-tracking.md#order-detail); opened directly, with nothing to go back to, it goes to the grid. */
function useBack() {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx;
    if (index === 0) navigate('/order-tracking');
    else navigate(-1);
  };
}

function BackButton() {
  const back = useBack();
  return (
    <Button variant="outline" onClick={back}>
      <ArrowLeft />
      Back
    </Button>
  );
}

/** Order detail (docs/behaviour/order-tracking.md#order-detail): the order as labelled tiles, its tracking numbers and its note. */
export function OrderDetailPage() {
  const { orderId: param } = useParams();
  const orderId = Number(param);
  const validId = Number.isInteger(orderId) && orderId > 0;
  const order = useOrder(orderId);
  // The API answers 400 for an id it can never hold (more than 9 digits): no such order either.
  const notFound =
    !validId ||
    (order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400));

  useEffect(() => {
    // The original only logged the failure; the page below also shows it (docs/design/differences.md#errors-are-shown).
    if (order.error && !notFound) console.error('Error fetching order:', order.error);
  }, [order.error, notFound]);

  if (notFound) {
    return (
      <div className="space-y-4 py-10 text-center">
        <h1 className="font-semibold text-2xl tracking-tight">Order not found</h1>
        <p className="text-muted-foreground">The order may have been deleted.</p>
        <BackButton />
      </div>
    );
  }
  if (order.isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
        <Spinner />
        Loading...
      </p>
    );
  }
  if (order.isError) {
    return (
      <div className="space-y-4">
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center gap-3">
            <span>{describeError(order.error, 'Failed to load the order.')}</span>
            <Button variant="outline" size="sm" onClick={() => void order.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
        <BackButton />
      </div>
    );
  }
  return <OrderDetail order={order.data} />;
}

function OrderDetail({ order }: { order: OrderRecord }) {
  const [editing, setEditing] = useState(false);
  const subtitle = [
    order.customerPoNumber && `PO ${order.customerPoNumber}`,
    order.itemNumber && `Item ${order.itemNumber}`,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-semibold text-2xl tracking-tight">Order Details</h1>
          {subtitle && <p className="break-words text-muted-foreground">{subtitle}</p>}
        </div>
        <div className="flex gap-2">
          <BackButton />
          <Button onClick={() => setEditing(true)}>
            <Pencil />
            Edit Order
          </Button>
        </div>
      </div>

      <section
        aria-label="Order fields"
        className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-3 xl:grid-cols-4"
      >
        {detailTiles(order).map((tile) => (
          <OrderTile key={tile.key} label={tile.label} value={tile.value} />
        ))}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Tracking Numbers</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {order.trackingNumbers.length > 0 ? (
              <TrackingNumberList numbers={order.trackingNumbers} />
            ) : (
              <p className="text-muted-foreground">No tracking numbers available</p>
            )}
          </CardContent>
        </Card>
        {/* Keyed by order: the draft starts from this order's note. */}
        <NoteCard key={order.id} order={order} />
      </div>

      <EditOrderDialog order={order} open={editing} onOpenChange={setEditing} />
    </div>
  );
}

function OrderTile({ label, value }: { label: string; value: string }) {
  const labelId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a read-only tile, not a form fieldset; the group is named by its label.
    <div role="group" aria-labelledby={labelId} className="rounded-lg border bg-card p-3 shadow-xs">
      <div id={labelId} className="text-muted-foreground text-xs">
        {label}
      </div>
      <div className={cn('mt-1 break-words font-medium', value === 'N/A' && 'text-muted-foreground')}>
        {value}
      </div>
    </div>
  );
}

function NoteCard({ order }: { order: OrderRecord }) {
  const [note, setNote] = useState(order.notes ?? '');
  const [glow, setGlow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const saveNote = useSaveOrderNote();
  const glowTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(glowTimer.current), []);

  const save = async () => {
    setError(null);
    try {
      await saveNote.mutateAsync({ orderId: order.id, note });
      setGlow(true);
      clearTimeout(glowTimer.current);
      glowTimer.current = setTimeout(() => setGlow(false), NOTE_GLOW_MS);
    } catch (failure) {
      console.error('Error saving note:', failure);
      const message = describeError(failure, 'The note could not be saved. Please try again.');
      setError(message);
      toast.error(message);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Notes</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="grid gap-1.5">
          <Label htmlFor="order-notes">Notes</Label>
          <Textarea
            id="order-notes"
            rows={5}
            maxLength={4000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            data-saved={glow || undefined}
            className={cn(
              'transition-shadow duration-300',
              glow && 'border-green-500 shadow-[0_0_12px_2px] shadow-green-500/60 ring-2 ring-green-500/70',
            )}
          />
        </div>
        {error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <div className="flex items-center gap-3">
          <Button onClick={save} disabled={saveNote.isPending}>
            {saveNote.isPending && <Loader2 className="animate-spin" aria-hidden />}
            Save Note
          </Button>
          <span role="status" className="text-green-600 text-sm dark:text-green-400">
            {glow ? 'Note saved' : ''}
          </span>
        </div>
      </CardContent>
    </Card>
  );
}
