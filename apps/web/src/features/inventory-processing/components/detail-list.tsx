import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface Detail {
  term: string;
  value: ReactNode;
}

/** Terms and values as a definition list: stacked on phones, two columns from the small breakpoint. */
export function DetailList({ items, className }: { items: Detail[]; className?: string }) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2', className)}>
      {items.map((item) => (
        <div key={item.term} className="grid min-w-0 gap-0.5">
          <dt className="text-muted-foreground">{item.term}</dt>
          <dd className="break-words font-medium">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Large numbers with their labels (the summaries' tiles). */
export function StatTiles({ items, className }: { items: Detail[]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-3 gap-2 sm:gap-3', className)}>
      {items.map((item) => (
        <div
          key={item.term}
          className="flex min-w-0 flex-col-reverse gap-1 rounded-lg border bg-muted/40 p-3"
        >
          <dt className="text-muted-foreground text-xs sm:text-sm">{item.term}</dt>
          <dd className="font-semibold text-xl tabular-nums sm:text-2xl">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
