import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { saveBlob } from '../lib/download';

/** How many names the card lists before it offers the whole list as a file. */
export const MISSING_SHOWN = 10;

/**
 * The user-activated items the file did not have, by name (docs/behaviour/inventory.md#processing-result): "1
 * missing from the file" alone left the operator guessing which. A long list is cut on screen and downloads
 * whole, one item a line.
 */
export function MissingItems({ items, sourceName }: { items: readonly string[]; sourceName: string }) {
  if (items.length === 0) return null;
  const shown = items.slice(0, MISSING_SHOWN);
  const more = items.length - shown.length;
  const download = () =>
    saveBlob(
      new Blob([`${items.join('\r\n')}\r\n`], { type: 'text/plain' }),
      `missing-items-${sourceName.replace(/[^\w.-]+/g, '_') || 'source'}.txt`,
    );
  return (
    <section aria-label="Missing from the file" className="space-y-2 rounded-md border p-3 text-sm">
      <h3 className="font-medium">
        {items.length === 1
          ? '1 user-activated item is missing from the file (marked Inactive):'
          : `${items.length.toLocaleString('en-US')} user-activated items are missing from the file (marked Inactive):`}
      </h3>
      <ul className="flex flex-wrap gap-x-3 gap-y-1 font-mono">
        {shown.map((item) => (
          <li key={item} className="break-all">
            {item}
          </li>
        ))}
      </ul>
      {more > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-muted-foreground">and {more.toLocaleString('en-US')} more.</span>
          <Button type="button" variant="outline" size="sm" onClick={download}>
            <Download aria-hidden />
            Download the list
          </Button>
        </div>
      )}
    </section>
  );
}
