/**
 * Pieces shared by the source list pages: the title row with the view switcher and 'Add Source', the load
 * failure alert, the loading skeleton, a card's term/value list and the delete confirmation for one item.
 */
import { Plus } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/data-view/confirm-delete-dialog';
import { type ViewMode, ViewModeToggle } from '@/components/data-view/view-mode-toggle';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/** The page title, the view switcher (left out on narrow screens) and the 'Add Source' link. */
export function ListPageHeader({
  title,
  addHref,
  view,
  onViewChange,
  showViewToggle,
}: {
  title: string;
  addHref: string;
  view: ViewMode;
  onViewChange: (next: ViewMode) => void;
  showViewToggle: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
      <div className="flex items-center gap-2">
        {showViewToggle && <ViewModeToggle value={view} onChange={onViewChange} />}
        <Button asChild>
          <Link to={addHref}>
            <Plus aria-hidden />
            Add Source
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** The list could not be loaded: the message and 'Try again'. */
export function LoadFailedAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertDescription className="flex flex-wrap items-center gap-3">
        <span>{message}</span>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** Placeholder rows (table view) or cards (card view) while the list loads. */
export function ListSkeleton({
  view,
  rows = 6,
  cards = 6,
  cardClassName = 'h-44',
}: {
  view: ViewMode;
  rows?: number;
  cards?: number;
  cardClassName?: string;
}) {
  if (view === 'table') {
    return (
      <div className="space-y-2 rounded-md border p-4">
        {Array.from({ length: rows }, (_, index) => (
          <Skeleton key={index} className="h-8 w-full" />
        ))}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: cards }, (_, index) => (
        <Skeleton key={index} className={cn(cardClassName, 'rounded-xl')} />
      ))}
    </div>
  );
}

/** A card's details as term / value pairs; a text value is also its title, for when it is cut off. */
export function DetailList({ details, className }: { details: [string, ReactNode][]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm', className)}>
      {details.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="truncate" title={typeof value === 'string' ? value : undefined}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** ConfirmDeleteDialog for the item waiting to be deleted (open while there is one). */
export function ConfirmDeleteItemDialog<T>({
  item,
  name,
  onClose,
  onConfirm,
}: {
  item: T | null;
  name: (item: T) => string;
  onClose: () => void;
  onConfirm: (item: T) => Promise<void>;
}) {
  return (
    <ConfirmDeleteDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      name={item === null ? '' : name(item)}
      onConfirm={async () => {
        if (item === null) return;
        await onConfirm(item);
      }}
    />
  );
}

/** The card view: one list item per record, in a responsive grid. */
export function CardList<T extends { id: number }>({
  items,
  renderCard,
}: {
  items: T[];
  renderCard: (item: T) => ReactNode;
}) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.id} className="flex">
          {renderCard(item)}
        </li>
      ))}
    </ul>
  );
}

export interface TableHeaderCell {
  label: ReactNode;
  className?: string;
}

/** The header of the row-actions column: read by screen readers, not shown. */
export const ACTIONS_HEADER: TableHeaderCell = {
  label: <span className="sr-only">Actions</span>,
  className: 'text-right',
};

/** The table view: a header row, one row per record (its own component, keyed by id) or the empty text. */
export function RecordTable<T extends { id: number }>({
  headers,
  items,
  row,
  empty = 'No results.',
}: {
  headers: readonly TableHeaderCell[];
  items: readonly T[];
  row: (item: T) => ReactNode;
  empty?: ReactNode;
}) {
  return (
    <div className="rounded-md border">
      <Table stickyLastColumn>
        <TableHeader>
          <TableRow>
            {headers.map((header, index) => (
              <TableHead key={index} className={header.className}>
                {header.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.length === 0 ? (
            <EmptyTableRow colSpan={headers.length}>{empty}</EmptyTableRow>
          ) : (
            items.map((item) => <Fragment key={item.id}>{row(item)}</Fragment>)
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** The name cell that opens the record's editor; the whole name is in its title when it is cut off. */
export function EditLinkCell({ to, name }: { to: string; name: string }) {
  return (
    <TableCell className="font-medium">
      <Link to={to} className="block max-w-64 truncate underline-offset-4 hover:underline" title={name}>
        {name}
      </Link>
    </TableCell>
  );
}

/** The one row of a table with nothing in it. */
export function EmptyTableRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="h-24 text-center text-muted-foreground">
        {children}
      </TableCell>
    </TableRow>
  );
}
