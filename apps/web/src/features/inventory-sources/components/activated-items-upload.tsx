import { ACTIVATED_ITEM_LIST_FILE_TYPES } from '@app/contracts';
import { FileUp } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/api-client';
import { useReadActivatedItems } from '../api/activated-items';
import type { InventoryFormValues } from '../lib/inventory-source-form';

const FIELD = 'fileData.userActivatedItemNumbers' as const;

/**
 * Fills User Activated Item Numbers from a file instead of typing (docs/behaviour/inventory.md#activated-items-from-a-file):
 * a text file with one item a line, or the item column of a CSV or an Excel workbook. Every file is read on the
 * server, by the reader supplier files go through, so one rule picks the column whatever the type. The list
 * replaces the field's text and is saved with Save, like typed text.
 */
export function ActivatedItemsUpload() {
  const form = useFormContext<InventoryFormValues>();
  const inputRef = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const read = useReadActivatedItems();
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const extension = /\.[^.]+$/.exec(file.name)?.[0].toLowerCase() ?? '';
    if (!(ACTIVATED_ITEM_LIST_FILE_TYPES as readonly string[]).includes(extension)) {
      setStatus({ text: `"${file.name}" is not a .txt, .csv, .xls or .xlsx file.`, error: true });
      return;
    }
    setStatus({ text: `Reading "${file.name}"…`, error: false });
    try {
      const { items, column } = await read.mutateAsync(file);
      form.setValue(FIELD, items.join(','), { shouldDirty: true, shouldValidate: true });
      setStatus({
        text: `${items.length.toLocaleString('en-US')} ${items.length === 1 ? 'item' : 'items'} read from "${file.name}"${column ? ` (column "${column}")` : ''}. Save to keep them.`,
        error: false,
      });
    } catch (error) {
      setStatus({ text: describeError(error, `"${file.name}" could not be read.`), error: true });
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
      <input
        ref={inputRef}
        type="file"
        accept={ACTIVATED_ITEM_LIST_FILE_TYPES.join(',')}
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
        disabled={read.isPending}
        aria-describedby={status ? statusId : undefined}
        onClick={() => inputRef.current?.click()}
      >
        <FileUp aria-hidden />
        Upload item list
      </Button>
      <span className="text-muted-foreground text-xs">
        One item a line, or a CSV or Excel file with an item column
      </span>
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
