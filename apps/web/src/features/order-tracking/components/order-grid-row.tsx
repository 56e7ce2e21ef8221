import type { OrderRecord } from '@app/contracts';
import { memo, useMemo } from 'react';
import { cn } from '@/lib/utils';
import { splitSelectedColumns } from '../lib/cell-selection';
import type { GridColumn, GridRow } from '../lib/grid-columns';
import { NotesCell, type SaveNote } from './notes-cell';
import { OrderLink, RowActionsMenu } from './row-actions-menu';
import { TrackingNumbersInline } from './tracking-numbers';

/** The actions column's id in keyboard navigation; it takes no part in the selection. */
export const ACTIONS_COLUMN = 'actions';

const cellClass =
  'h-10 scroll-mt-10 scroll-mr-14 border-b px-2 align-middle whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset';
const selectedClass = 'bg-sky-500/15 shadow-[inset_0_0_0_1px] shadow-sky-500/60 dark:bg-sky-400/20';

export interface OrderGridRowProps {
  row: GridRow;
  rowIndex: number;
  columns: readonly GridColumn[];
  /** The selected column ids of this row as one string (cell-selection.ts), '' when none. */
  selected: string;
  /** The column holding the grid's single tab stop when it is in this row. */
  focusColumn: string | null;
  onDelete: (order: OrderRecord) => void;
  onSaveNote: SaveNote;
}

/**
 * One order. Rows and cells are memoised: a page of 250 rows re-renders only the rows whose data, selection or
 * focus changed, and in those only the cells that changed.
 */
export const OrderGridRow = memo(function OrderGridRow({
  row,
  rowIndex,
  columns,
  selected,
  focusColumn,
  onDelete,
  onSaveNote,
}: OrderGridRowProps) {
  const selectedColumns = useMemo(() => splitSelectedColumns(selected), [selected]);
  return (
    <tr className="group hover:bg-muted/40">
      {columns.map((column) => (
        <DataCell
          key={column.id}
          column={column}
          rowIndex={rowIndex}
          text={row.texts[column.id]}
          selected={selectedColumns.has(column.id)}
          focused={focusColumn === column.id}
          order={row.order}
          note={column.kind === 'notes' ? (row.order.notes ?? '') : ''}
          onSaveNote={onSaveNote}
        />
      ))}
      <td
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of the ARIA grid (order-grid.tsx).
        role="gridcell"
        data-row={rowIndex}
        data-col={ACTIONS_COLUMN}
        tabIndex={focusColumn === ACTIONS_COLUMN ? 0 : -1}
        className={cn(cellClass, 'sticky right-0 z-10 w-12 border-l bg-background px-1 text-center')}
      >
        <div aria-hidden className="pointer-events-none absolute inset-0 group-hover:bg-muted/40" />
        <div className="relative">
          <RowActionsMenu order={row.order} onDelete={onDelete} />
        </div>
      </td>
    </tr>
  );
});

const DataCell = memo(function DataCell({
  column,
  rowIndex,
  text,
  selected,
  focused,
  order,
  note,
  onSaveNote,
}: {
  column: GridColumn;
  rowIndex: number;
  text: string;
  selected: boolean;
  focused: boolean;
  order: OrderRecord;
  note: string;
  onSaveNote: SaveNote;
}) {
  return (
    <td
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of the ARIA grid (order-grid.tsx).
      role="gridcell"
      data-row={rowIndex}
      data-col={column.id}
      aria-selected={selected}
      tabIndex={focused ? 0 : -1}
      className={cn(
        cellClass,
        column.kind === 'number' && 'text-right tabular-nums',
        column.kind === 'notes' && 'py-0',
        selected && selectedClass,
      )}
    >
      {column.kind === 'notes' ? (
        <NotesCell orderId={order.id} note={note} onSave={onSaveNote} />
      ) : column.kind === 'trackingNumbers' ? (
        <div className="max-w-72 truncate">
          <TrackingNumbersInline numbers={order.trackingNumbers} focusable={focused} />
        </div>
      ) : column.id === 'customerPoNumber' && text ? (
        <div className="max-w-72 truncate">
          <OrderLink orderId={order.id} tabIndex={focused ? 0 : -1}>
            {text}
          </OrderLink>
        </div>
      ) : column.id === 'shippingCompany' && !order.shippingCompany && order.shippingCompanyRecognised ? (
        <div
          className="max-w-72 truncate"
          title="Recognised from the tracking numbers: the file gave no shipping company"
        >
          {order.shippingCompanyRecognised}{' '}
          <span className="text-muted-foreground text-xs italic">(recognised)</span>
        </div>
      ) : (
        <div className="max-w-72 truncate">{text}</div>
      )}
    </td>
  );
});
