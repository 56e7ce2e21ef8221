/**
 * Table columns that give way on smaller screens (docs/behaviour/order-submission.md#submission-source-list): on a tablet (640 to 1024 px) or a phone the
 * low-priority columns are left out and a hint says so.
 */
import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { useIsUnder1024 } from '@/hooks/use-media-query';

export type ColumnPriority = 'high' | 'low';

export interface PriorityColumn<T> {
  key: string;
  header: ReactNode;
  priority: ColumnPriority;
  className?: string;
  cell: (item: T) => ReactNode;
}

export const HIDDEN_COLUMNS_HINT =
  'Some columns are hidden. Swipe to scroll or switch to a desktop screen to see all columns.';

/** The columns the screen has room for, and whether any were left out. */
export function useVisibleColumns<T>(columns: readonly PriorityColumn<T>[]) {
  const narrow = useIsUnder1024();
  const visible = narrow ? columns.filter((column) => column.priority === 'high') : [...columns];
  return { visible, someHidden: visible.length < columns.length };
}

export function HiddenColumnsHint() {
  return (
    <p className="flex items-start gap-2 text-muted-foreground text-sm">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      {HIDDEN_COLUMNS_HINT}
    </p>
  );
}

const blank = (value: unknown) => value === null || value === undefined || value === '';

export const textOrDash = (value: string | number | null | undefined) => (blank(value) ? '—' : String(value));

/** A cell text cut to one line, the whole value in its title. */
export function Truncated({ value }: { value: string | number | null | undefined }) {
  const text = textOrDash(value);
  return (
    <span className="block max-w-56 truncate" title={text}>
      {text}
    </span>
  );
}
