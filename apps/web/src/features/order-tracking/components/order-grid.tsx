import type { OrderRecord } from '@app/contracts';
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { copyToClipboard } from '@/shared/order-tracking/components/copy-to-clipboard';
import {
  buildTsv,
  type CellRef,
  type CellSelection,
  countSelectedCells,
  deselectColumn,
  EMPTY_SELECTION,
  extendSelection,
  isFocusKey,
  moveFocus,
  selectCell,
  selectedColumnsByRow,
} from '../lib/cell-selection';
import type { GridColumn, GridColumnId, GridRow } from '../lib/grid-columns';
import type { SortEntry } from '../lib/sort-state';
import { CellHoverTip, HOVER_TIP_DELAY_MS, type HoverTip } from './cell-hover-tip';
import { type ColumnHeaderHandlers, ColumnHeaderMenu, type HeaderSort } from './column-header-menu';
import type { SaveNote } from './notes-cell';
import { ACTIONS_COLUMN, OrderGridRow } from './order-grid-row';

export interface OrderGridProps {
  rows: readonly GridRow[];
  columns: readonly GridColumn[];
  sort: readonly SortEntry[];
  /** Nothing to show yet (first load). */
  loading: boolean;
  /** A refetch is running; the rows on screen are the previous ones. */
  fetching: boolean;
  /** Selection and focus start over, and the box scrolls to the top, when this changes (page, sort, search). */
  resetKey: string;
  /** Shown when there are no rows: 'No results.' (docs/behaviour/order-tracking.md#pager), or why the list is missing. */
  emptyMessage: string;
  onSortChoice: ColumnHeaderHandlers['onSortChoice'];
  onHideColumn: (id: GridColumnId) => void;
  onDeleteOrder: (order: OrderRecord) => void;
  onSaveNote: SaveNote;
}

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function cellOf(target: EventTarget | null): { td: HTMLTableCellElement; cell: CellRef } | null {
  const td = target instanceof Element ? target.closest<HTMLTableCellElement>('td[data-col]') : null;
  if (!td) return null;
  return { td, cell: { row: Number(td.dataset.row), col: td.dataset.col! } };
}

const ariaSort = (sort: HeaderSort | null) =>
  sort ? (sort.ascending ? 'ascending' : 'descending') : undefined;

/**
 * Ctrl/Cmd+C copies the selected cells as TSV and Esc clears the selection, wherever the focus is, except in a
 * text field or over text the user selected.
 */
function useCopyShortcuts(
  selection: CellSelection,
  columnIds: readonly string[],
  rows: readonly GridRow[],
  setSelection: (selection: CellSelection) => void,
) {
  const latest = useRef({ selection, columnIds, rows });
  useEffect(() => {
    latest.current = { selection, columnIds, rows };
  });
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const current = latest.current;
      if (current.selection.cells.size === 0 || isEditable(event.target)) return;
      if (event.key === 'Escape') {
        setSelection(EMPTY_SELECTION);
        return;
      }
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'c') {
        const native = window.getSelection();
        if (native && !native.isCollapsed && native.toString().trim()) return;
        event.preventDefault();
        const rowTotal = current.rows.length;
        const text = buildTsv(
          current.selection,
          current.columnIds,
          rowTotal,
          (row, col) => current.rows[row]?.texts[col as GridColumnId] ?? '',
        );
        const count = countSelectedCells(current.selection, current.columnIds, rowTotal);
        if (count > 0) void copyToClipboard(text, `Copied ${count} ${count === 1 ? 'cell' : 'cells'}`);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
    // setSelection is a state setter: the listener is added once.
  }, [setSelection]);
}

/** The hover tip: one timer, restarted whenever the pointer enters another cell; keyboard users get it on the cell they move to. */
function useCellTip(rows: readonly GridRow[]) {
  const [tip, setTip] = useState<HoverTip | null>(null);
  const hovered = useRef<Element | null>(null);
  const tipTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hideTip = useCallback(() => {
    clearTimeout(tipTimer.current);
    setTip((current) => (current === null ? current : null));
  }, []);
  useEffect(() => () => clearTimeout(tipTimer.current), []);

  const scheduleTip = (hit: ReturnType<typeof cellOf>) => {
    hideTip();
    if (!hit || hit.cell.col === ACTIONS_COLUMN) return;
    const text = rows[hit.cell.row]?.texts[hit.cell.col as GridColumnId];
    if (!text) return;
    const { td } = hit;
    tipTimer.current = setTimeout(() => {
      if (!td.isConnected || td.querySelector('input')) return;
      const box = td.getBoundingClientRect();
      setTip({ text, rect: { top: box.top, left: box.left, width: box.width, height: box.height } });
    }, HOVER_TIP_DELAY_MS);
  };
  const onMouseOver = (event: MouseEvent) => {
    const hit = cellOf(event.target);
    if ((hit?.td ?? null) === hovered.current) return;
    hovered.current = hit?.td ?? null;
    scheduleTip(hit);
  };
  const onMouseLeave = () => {
    hovered.current = null;
    hideTip();
  };
  const onFocus = (event: FocusEvent) => {
    const hit = cellOf(event.target);
    if (hit && event.target === hit.td && hit.td.matches(':focus-visible')) scheduleTip(hit);
  };
  return { tip, hideTip, onMouseOver, onMouseLeave, onFocus };
}

/**
 * The order tracking table (docs/behaviour/order-tracking.md#cell-selection): sticky header and actions column inside a 70vh scroll box, header
 * menus, range cell selection with copy, a delayed hover tip, and one keyboard tab stop moved with the arrows
 * (Space selects the cell, Shift+Space extends like shift-click, Enter edits a note or opens the row menu).
 */
export function OrderGrid({
  rows,
  columns,
  sort,
  loading,
  fetching,
  resetKey,
  emptyMessage,
  onSortChoice,
  onHideColumn,
  onDeleteOrder,
  onSaveNote,
}: OrderGridProps) {
  const [selection, setSelection] = useState<CellSelection>(EMPTY_SELECTION);
  const [focus, setFocus] = useState<CellRef>({ row: 0, col: '' });
  const [seenResetKey, setSeenResetKey] = useState(resetKey);
  if (seenResetKey !== resetKey) {
    setSeenResetKey(resetKey);
    setSelection(EMPTY_SELECTION);
    setFocus({ row: 0, col: '' });
  }

  const columnIds = useMemo(() => columns.map((column) => column.id as string), [columns]);
  const navigationIds = useMemo(() => [...columnIds, ACTIONS_COLUMN], [columnIds]);
  const rowCount = rows.length;
  const focusRow = Math.max(0, Math.min(focus.row, rowCount - 1));
  const focusColumn = navigationIds.includes(focus.col) ? focus.col : navigationIds[0]!;
  const selectedByRow = useMemo(() => selectedColumnsByRow(selection), [selection]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const scrolledFor = useRef(resetKey);
  useEffect(() => {
    if (scrolledFor.current === resetKey) return;
    scrolledFor.current = resetKey;
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [resetKey]);
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    scrollRef.current
      ?.querySelector<HTMLElement>(`td[data-row="${focusRow}"][data-col="${focusColumn}"]`)
      ?.focus();
  }, [focusRow, focusColumn]);
  const moveTo = (cell: CellRef) => {
    focusPending.current = true;
    setFocus(cell);
  };

  useCopyShortcuts(selection, columnIds, rows, setSelection);
  const { tip, hideTip, onMouseOver, onMouseLeave, onFocus } = useCellTip(rows);

  const onMouseDown = (event: MouseEvent) => {
    hideTip();
    // Shift-click would otherwise extend the browser's own text selection.
    if (event.shiftKey && cellOf(event.target)) event.preventDefault();
  };
  const onClick = (event: MouseEvent) => {
    const hit = cellOf(event.target);
    if (!hit) return;
    setFocus(hit.cell);
    if (hit.cell.col === ACTIONS_COLUMN) return;
    if (event.shiftKey) {
      hit.td.focus();
      setSelection((current) => extendSelection(current, hit.cell, columnIds, rowCount));
    }
  };
  const onDoubleClick = (event: MouseEvent) => {
    const hit = cellOf(event.target);
    if (!hit || hit.cell.col === ACTIONS_COLUMN || (event.target as Element).closest('input')) return;
    window.getSelection()?.removeAllRanges();
    setSelection(selectCell(hit.cell));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (isEditable(event.target)) return;
    const hit = cellOf(event.target);
    if (!hit) return;
    const onCell = event.target === hit.td;
    if (isFocusKey(event.key) && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      moveTo(moveFocus(hit.cell, event.key, navigationIds, rowCount));
      return;
    }
    if (!onCell) return;
    if (event.key === ' ' && hit.cell.col !== ACTIONS_COLUMN) {
      event.preventDefault();
      setSelection((current) =>
        event.shiftKey ? extendSelection(current, hit.cell, columnIds, rowCount) : selectCell(hit.cell),
      );
    } else if (event.key === 'Enter') {
      const button = hit.td.querySelector<HTMLElement>('button, a[data-order-link]');
      if (!button) return;
      event.preventDefault();
      if (hit.cell.col === ACTIONS_COLUMN) {
        // The menu trigger opens on pointer or key events, not on click().
        button.focus();
        button.dispatchEvent(new globalThis.KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      } else {
        button.click();
      }
    }
  };

  const headerHandlers = useMemo<ColumnHeaderHandlers>(
    () => ({
      onSortChoice,
      onHide: onHideColumn,
      onDeselect: (id) => setSelection((current) => deselectColumn(current, id)),
    }),
    [onSortChoice, onHideColumn],
  );
  const headerSort = useMemo(() => {
    const byColumn = new Map<string, HeaderSort>();
    sort.forEach((entry, index) => {
      byColumn.set(entry.column, {
        ascending: entry.ascending,
        position: index + 1,
        multiple: sort.length > 1,
      });
    });
    return byColumn;
  }, [sort]);

  let body: ReactNode;
  if (loading) {
    body = (
      <tr>
        <td colSpan={columns.length + 1}>
          <BodyMessage>
            <Spinner />
            Loading...
          </BodyMessage>
        </td>
      </tr>
    );
  } else if (rowCount === 0) {
    body = (
      <tr>
        <td colSpan={columns.length + 1}>
          <BodyMessage>{emptyMessage}</BodyMessage>
        </td>
      </tr>
    );
  } else {
    body = rows.map((row, index) => (
      <OrderGridRow
        key={row.order.id}
        row={row}
        rowIndex={index}
        columns={columns}
        selected={selectedByRow.get(index) ?? ''}
        focusColumn={index === focusRow ? focusColumn : null}
        onDelete={onDeleteOrder}
        onSaveNote={onSaveNote}
      />
    ));
  }

  return (
    <div className="relative">
      <div
        ref={scrollRef}
        onScroll={hideTip}
        className={cn(
          '@container max-h-[70vh] overflow-auto rounded-md border transition-opacity',
          fetching && !loading && 'opacity-70',
        )}
      >
        <table
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a data table.
          role="grid"
          aria-label="Orders"
          aria-multiselectable="true"
          aria-busy={fetching}
          className="w-full border-separate border-spacing-0 text-sm select-none"
        >
          <thead>
            <tr>
              {columns.map((column) => {
                const columnSort = headerSort.get(column.sortKey ?? '') ?? null;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={ariaSort(columnSort)}
                    className="sticky top-0 z-20 h-10 border-b bg-muted px-2 text-left align-middle font-medium whitespace-nowrap shadow-[1px_0_0_0_var(--color-muted)]"
                  >
                    <ColumnHeaderMenu column={column} sort={columnSort} handlers={headerHandlers} />
                  </th>
                );
              })}
              <th
                scope="col"
                className="sticky top-0 right-0 z-30 h-10 w-12 border-b border-l bg-muted px-2 text-center align-middle font-medium"
              >
                Actions
              </th>
            </tr>
          </thead>
          <tbody
            onMouseDown={onMouseDown}
            onClick={onClick}
            onDoubleClick={onDoubleClick}
            onKeyDown={onKeyDown}
            onMouseOver={onMouseOver}
            onMouseLeave={onMouseLeave}
            onFocus={onFocus}
            onBlur={hideTip}
          >
            {body}
          </tbody>
        </table>
      </div>
      <CellHoverTip tip={tip} onClose={hideTip} />
    </div>
  );
}

/** A message across the visible width of the box, wherever it is scrolled horizontally. */
function BodyMessage({ children }: { children: ReactNode }) {
  return (
    <div className="sticky left-0 flex h-24 w-[100cqw] items-center justify-center gap-2 text-muted-foreground">
      {children}
    </div>
  );
}
