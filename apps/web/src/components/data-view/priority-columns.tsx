/**
 * Table columns that give way on smaller screens (docs/behaviour/screens.md#wide-tables): a phone (under 640
 * px) shows the high-priority columns, a tablet (under 1024 px) high and medium, a desktop all of them; a hint
 * says when some are left out and the table scrolls.
 */
import { Info } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyTableRow } from '@/components/data-view/list-parts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useIsUnder640, useIsUnder1024 } from '@/hooks/use-media-query';

export type ColumnPriority = 'high' | 'medium' | 'low';

export interface PriorityColumn<T> {
  key: string;
  header: ReactNode;
  priority: ColumnPriority;
  className?: string;
  cell: (item: T) => ReactNode;
}

const HIDDEN_COLUMNS_HINT =
  'Some columns are hidden. Swipe to scroll or switch to a desktop screen to see all columns.';

function useVisiblePriorities(): readonly ColumnPriority[] {
  const isUnder640 = useIsUnder640();
  const isUnder1024 = useIsUnder1024();
  if (isUnder640) return ['high'];
  if (isUnder1024) return ['high', 'medium'];
  return ['high', 'medium', 'low'];
}

/** The columns the screen has room for, and whether any were left out. */
function useVisibleColumns<T>(columns: readonly PriorityColumn<T>[]) {
  const priorities = useVisiblePriorities();
  const visible = columns.filter((column) => priorities.includes(column.priority));
  return { visible, someHidden: visible.length < columns.length };
}

function HiddenColumnsHint() {
  return (
    <p className="flex items-start gap-2 text-muted-foreground text-sm">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      {HIDDEN_COLUMNS_HINT}
    </p>
  );
}

/** A bordered table of items whose last column (the row actions) stays in view while the rest scrolls. */
export function PriorityTable<T extends { id: number }>({
  items,
  columns,
  empty,
}: {
  items: readonly T[];
  columns: readonly PriorityColumn<T>[];
  empty: ReactNode;
}) {
  const { visible, someHidden } = useVisibleColumns(columns);
  // The swipe hint only where the table really scrolls (docs/behaviour/screens.md#wide-tables).
  const [scrollable, setScrollable] = useState(false);
  return (
    <div className="space-y-3">
      {someHidden && scrollable && <HiddenColumnsHint />}
      <div className="rounded-md border">
        <Table stickyLastColumn onScrollableChange={setScrollable}>
          <TableHeader>
            <TableRow>
              {visible.map((column) => (
                <TableHead key={column.key} className={column.className}>
                  {column.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.length === 0 ? (
              <EmptyTableRow colSpan={visible.length}>{empty}</EmptyTableRow>
            ) : (
              items.map((item) => (
                <TableRow key={item.id}>
                  {visible.map((column) => (
                    <TableCell key={column.key} className={column.className}>
                      {column.cell(item)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
    </div>
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

/** A free-text column, cut to one line. */
export function textColumn<T>(
  key: string,
  header: string,
  priority: ColumnPriority,
  read: (item: T) => string | null | undefined,
): PriorityColumn<T> {
  return { key, header, priority, cell: (item) => <Truncated value={read(item)} /> };
}

/** A number column ('—' when unset). */
export function countColumn<T>(
  key: string,
  header: string,
  priority: ColumnPriority,
  read: (item: T) => number | null | undefined,
): PriorityColumn<T> {
  return { key, header, priority, className: 'tabular-nums', cell: (item) => textOrDash(read(item)) };
}
