import { type HeaderDrift, ORDER_MAPPING_LABELS } from '@app/contracts';
import { Loader2, Wand2 } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/api-client';
import { usePlanHeaderRenames, useSaveHeaderRenames } from '../api/header-renames';

/**
 * The way forward when a file is refused because the supplier renamed headers
 * (docs/behaviour/order-tracking.md#header-drift): "Use the new headers" shows which mapped fields would take
 * which new header, and saves the source's mapping only once confirmed. `onSaved` reads the file again.
 */
export function UseNewHeaders({
  sourceId,
  drift,
  onSaved,
}: {
  sourceId: number;
  drift: HeaderDrift | null | undefined;
  onSaved: () => void;
}) {
  const plan = usePlanHeaderRenames();
  const save = useSaveHeaderRenames();
  if (!drift || drift.renamed.length === 0) return null;

  if (save.isSuccess) {
    return (
      <p role="status" className="text-sm">
        Mapping saved with the new headers. The file is read again with it.
      </p>
    );
  }
  if (!plan.data) {
    return (
      <div className="space-y-2">
        <Button
          type="button"
          variant="outline"
          disabled={plan.isPending}
          onClick={() => plan.mutate({ sourceId, renames: drift.renamed })}
        >
          {plan.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <Wand2 aria-hidden />}
          Use the new headers
        </Button>
        {plan.isError && (
          <Alert variant="destructive">
            <AlertDescription>{describeError(plan.error, 'The source could not be read.')}</AlertDescription>
          </Alert>
        )}
      </div>
    );
  }
  const { changes } = plan.data;
  if (changes.length === 0) {
    return (
      <p role="status" className="text-muted-foreground text-sm">
        None of the columns this source maps was renamed: edit the source to map the new headers.
      </p>
    );
  }
  return (
    <section aria-label="Use the new headers" className="space-y-3 rounded-md border p-3">
      <h3 className="font-medium text-sm">Save the mapping with the new headers?</h3>
      <ul className="space-y-1 text-sm">
        {changes.map((change) => (
          <li key={change.field} className="break-words">
            <span className="font-medium">{ORDER_MAPPING_LABELS[change.field]}</span>: "{change.from}" → "
            {change.to}"
          </li>
        ))}
      </ul>
      {save.isError && (
        <Alert variant="destructive">
          <AlertDescription>{describeError(save.error, 'The mapping could not be saved.')}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={save.isPending}
          onClick={() => save.mutate(plan.data, { onSuccess: onSaved })}
        >
          {save.isPending && <Loader2 aria-hidden className="animate-spin" />}
          Save mapping
        </Button>
        <Button type="button" variant="outline" disabled={save.isPending} onClick={() => plan.reset()}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
