import { ChevronRight } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { cn } from '@/lib/utils';

/**
 * A button that shows or hides a labelled region (the logs). The button's accessible name is `label`; the
 * count beside it is decoration.
 */
export function CollapsibleSection({
  label,
  count,
  defaultOpen = false,
  children,
}: {
  label: string;
  count?: number;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const regionId = useId();
  return (
    <div className="rounded-lg border">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left font-medium text-sm outline-none hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <ChevronRight
          aria-hidden
          className={cn('size-4 shrink-0 transition-transform', open && 'rotate-90')}
        />
        <span>{label}</span>
        {count !== undefined && (
          <span aria-hidden className="ml-auto text-muted-foreground text-xs">
            {count.toLocaleString('en-US')}
          </span>
        )}
      </button>
      <section id={regionId} aria-label={label} hidden={!open} className="border-t px-3 py-2">
        {children}
      </section>
    </div>
  );
}

/** Log lines, monospaced, scrolling inside a bounded box. */
export function LogLines({ lines, empty }: { lines: string[]; empty: string }) {
  if (lines.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  return (
    <ol className="max-h-80 space-y-1 overflow-auto font-mono text-xs leading-relaxed">
      {lines.map((line, index) => (
        <li key={index} className="whitespace-pre-wrap break-words">
          {line}
        </li>
      ))}
    </ol>
  );
}
