import type { OrderRecord } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { DialogFooter, TitledDialog } from '@/components/titled-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, describeError } from '@/lib/api-client';
import { useSaveOrder } from '../api/order-tracking';
import {
  EDITABLE_FIELDS,
  editFormDefaults,
  type TEditOrderFormInput,
  type TEditOrderFormOutput,
  ZEditOrderFormSchema,
} from '../lib/order-fields';

const fieldId = (key: string) => `edit-order-${key}`;

/** Beyond the spec (which shows Edit Order without an action): edits the order's fields and tracking numbers. */
export function EditOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: OrderRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Order"
      description="Change the order's details. Empty fields are saved as empty."
      contentClassName="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
    >
      {/* Mounted only while open, so every opening starts from the order as it is now. */}
      {open && <EditOrderForm order={order} onDone={() => onOpenChange(false)} />}
    </TitledDialog>
  );
}

function EditOrderForm({ order, onDone }: { order: OrderRecord; onDone: () => void }) {
  const saveOrder = useSaveOrder(order.id);
  const form = useForm<TEditOrderFormInput, unknown, TEditOrderFormOutput>({
    resolver: zodResolver(ZEditOrderFormSchema),
    defaultValues: editFormDefaults(order),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await saveOrder.mutateAsync(values);
      toast.success('Order updated');
      onDone();
    } catch (error) {
      console.error('Error saving order:', error);
      const fields = error instanceof ApiError ? error.fields : undefined;
      for (const [name, message] of Object.entries(fields ?? {})) {
        if (name in form.getValues()) form.setError(name as keyof TEditOrderFormInput, { message });
      }
      form.setError('root', {
        message: describeError(error, 'The order could not be saved. Please try again.'),
      });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {EDITABLE_FIELDS.map((field) => {
          const error = errors[field.key]?.message;
          return (
            <div key={field.key} className="grid gap-1.5">
              <Label htmlFor={fieldId(field.key)}>{field.label}</Label>
              <Input
                id={fieldId(field.key)}
                type={field.kind === 'text' ? 'text' : field.kind}
                {...(field.kind === 'number' ? { min: 0, step: 'any', inputMode: 'decimal' as const } : {})}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${fieldId(field.key)}-error` : undefined}
                {...form.register(field.key)}
              />
              {error && (
                <p id={`${fieldId(field.key)}-error`} className="text-destructive text-sm">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fieldId('trackingNumbers')}>Tracking Numbers (one per line)</Label>
        <Textarea
          id={fieldId('trackingNumbers')}
          rows={4}
          className="font-mono"
          aria-invalid={errors.trackingNumbers ? true : undefined}
          {...form.register('trackingNumbers')}
        />
        {errors.trackingNumbers?.message && (
          <p className="text-destructive text-sm">{errors.trackingNumbers.message}</p>
        )}
      </div>
      {errors.root?.message && (
        <Alert variant="destructive">
          <AlertDescription>{errors.root.message}</AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
