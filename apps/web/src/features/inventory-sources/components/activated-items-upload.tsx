import { FileUp } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import type { InventoryFormValues } from '../lib/inventory-source-form';
import { readItemList } from '../lib/item-list-file';

const FIELD = 'fileData.userActivatedItemNumbers' as const;

/**
 * Fills User Activated Item Numbers from a file instead of typing (docs/behaviour/inventory.md#activated-items-from-a-file):
 * a text file with one item a line, or a CSV whose item column is read. The list replaces the field's text and
 * is saved with Save, like typed text.
 */
export function ActivatedItemsUpload() {
  const form = useFormContext<InventoryFormValues>();
  const inputRef = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!/\.(csv|txt)$/i.test(file.name)) {
      setStatus({ text: `"${file.name}" is not a .csv or .txt file.`, error: true });
      return;
    }
    const { items, column } = readItemList(await file.text());
    if (items.length === 0) {
      setStatus({ text: `"${file.name}" has no item numbers.`, error: true });
      return;
    }
    form.setValue(FIELD, items.join(','), { shouldDirty: true, shouldValidate: true });
    setStatus({
      text: `${items.length.toLocaleString('en-US')} ${items.length === 1 ? 'item' : 'items'} read from "${file.name}"${column ? ` (column "${column}")` : ''}. Save to keep them.`,
      error: false,
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
      <input
        ref={inputRef}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="activated-items-file"
        onChange={(event) => void onFile(event)}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-describedby={status ? statusId : undefined}
        onClick={() => inputRef.current?.click()}
      >
        <FileUp aria-hidden />
        Upload item list
      </Button>
      <span className="text-muted-foreground text-xs">One item a line, or a CSV with an item column</span>
      {status && (
        <p
          id={statusId}
          role={status.error ? 'alert' : 'status'}
          className={status.error ? 'w-full text-destructive text-sm' : 'w-full text-sm'}
        >
          {status.text}
        </p>
      )}
    </div>
  );
}
