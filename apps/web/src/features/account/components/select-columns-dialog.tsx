import {
  ORDER_TRACKING_COLUMN_KEYS,
  ORDER_TRACKING_COLUMN_LABELS,
  type OrderTrackingSettings,
} from '@app/contracts';
import { Columns3, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { DialogFooter, TitledDialog } from '@/components/titled-dialog';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { type EnabledColumns, useSaveOrderTrackingSettings } from '../api/account';
import { reportRequestError } from '../lib/account-actions';

export function SelectColumnsDialog({ settings }: { settings: OrderTrackingSettings | undefined }) {
  const [open, setOpen] = useState(false);
  const form = useForm<EnabledColumns>();
  const saveSettings = useSaveOrderTrackingSettings();

  // Each opening starts from the saved settings: switches only flip locally until Save Changes.
  const onOpenChange = (next: boolean) => {
    if (next && settings) form.reset({ ...settings.enabledColumns });
    setOpen(next);
  };

  const onSave = form.handleSubmit((enabledColumns) => {
    if (!settings) return;
    saveSettings.mutate(
      { id: settings.id, userId: settings.userId, enabledColumns },
      {
        onSuccess: () => {
          toast.success('Columns saved');
          setOpen(false);
        },
        onError: (error) => reportRequestError(error, 'Your column settings could not be saved.'),
      },
    );
  });

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Select Columns"
      description="Select which columns you want on your default view"
      contentClassName="flex max-h-[90dvh] flex-col sm:max-w-3xl"
      trigger={
        <Button variant="outline" size="sm" disabled={!settings}>
          <Columns3 />
          Select Columns
        </Button>
      }
    >
      <div className="-mx-1 grid min-h-0 grid-cols-1 gap-2 overflow-y-auto px-1 py-0.5 sm:grid-cols-3">
        {ORDER_TRACKING_COLUMN_KEYS.map((key) => {
          const switchId = `column-${key}`;
          return (
            <div key={key} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
              <Label htmlFor={switchId} className="font-normal">
                {ORDER_TRACKING_COLUMN_LABELS[key]}
              </Label>
              <Controller
                control={form.control}
                name={key}
                render={({ field }) => (
                  <Switch
                    id={switchId}
                    ref={field.ref}
                    checked={field.value ?? true}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
            </div>
          );
        })}
      </div>
      <DialogFooter>
        <Button onClick={() => void onSave()} disabled={saveSettings.isPending || !settings}>
          {saveSettings.isPending && <Loader2 aria-hidden className="animate-spin" />}
          Save Changes
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
