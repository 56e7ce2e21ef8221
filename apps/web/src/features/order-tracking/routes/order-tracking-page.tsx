import type { OrderRecord } from '@app/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useIsMobile } from '@/hooks/use-media-query';
import { describeError, storedUsername } from '@/lib/api-client';
import { useCurrentUser } from '@/shared/auth/api/session';
import {
  useOrderPage,
  useOrderViewSettings,
  useSaveColumnOrder,
  useSaveGridNote,
} from '../api/order-tracking';
import { CarrierFilter } from '../components/carrier-filter';
import { DeleteOrderDialog } from '../components/delete-order-dialog';
import { ExportMenu } from '../components/export-menu';
import { GridPager } from '../components/grid-pager';
import { GridSettingsMenu } from '../components/grid-settings-menu';
import { OrderCardList } from '../components/order-card-list';
import { OrderGrid } from '../components/order-grid';
import { SearchBar } from '../components/search-bar';
import { emptyColumnIds, moveColumn, orderedColumns, orderToSave } from '../lib/column-order';
import { applyOverrides, baseVisibility, type VisibilityOverrides } from '../lib/column-visibility';
import type { GridColumn, GridColumnId, GridRow } from '../lib/grid-columns';
import { type GridQueryState, parseGridState, toListRequest, writeGridState } from '../lib/grid-url-state';
import { clampPage } from '../lib/pager';
import {
  appliedSearch,
  DEFAULT_MOBILE_FIELDS,
  DESKTOP_EXTRA_FIELDS,
  emptySearchValues,
  fieldsWithText,
  MOBILE_MAX_FIELDS,
  type SearchFieldId,
  type SearchValues,
  toggleDesktopExtra,
  toggleMobileField,
  visibleSearchFields,
} from '../lib/search-fields';
import { applySortChoice } from '../lib/sort-state';

const NO_ROWS: readonly GridRow[] = [];
const LIST_FAILED = 'Failed to load orders';

/** Order Tracking (docs/behaviour/order-tracking.md#grid): search, sort, page through, annotate and delete tracked orders. */
export function OrderTrackingPage() {
  const isMobile = useIsMobile();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseGridState(searchParams), [searchParams]);
  const request = useMemo(() => toListRequest(state), [state]);
  const requestKey = useMemo(() => JSON.stringify(request), [request]);
  const list = useOrderPage(request);

  const setState = useCallback(
    (update: (current: GridQueryState) => GridQueryState) =>
      setSearchParams((params) => writeGridState(update(parseGridState(params))), { replace: true }),
    [setSearchParams],
  );
  // The search inputs hold drafts; the URL holds what was searched. A URL from elsewhere (a link, Back)
  // refills them. One this page wrote itself (Search, Clear, a field taken off screen) does not: the router
  // applies it in a transition, and what was typed meanwhile must stay.
  const [draft, setDraft] = useState<SearchValues>(state.search);
  const [matchAll, setMatchAll] = useState(state.matchAll);
  const appliedKey = searchKey(state);
  const [seenAppliedKey, setSeenAppliedKey] = useState(appliedKey);
  const [ownAppliedKey, setOwnAppliedKey] = useState<string | null>(null);
  if (seenAppliedKey !== appliedKey) {
    setSeenAppliedKey(appliedKey);
    setOwnAppliedKey(null);
    if (ownAppliedKey !== appliedKey) {
      setDraft(state.search);
      setMatchAll(state.matchAll);
    }
  }
  const applyOwn = (next: GridQueryState) => {
    setOwnAppliedKey(searchKey(next));
    setState(() => next);
  };

  /** Applies a new state, or refetches when it is the one already on screen (Search and Clear always fetch). */
  const applyOrRefetch = (next: GridQueryState) => {
    if (writeGridState(next).toString() === writeGridState(state).toString()) void list.refetch();
    else applyOwn(next);
  };
  const [desktopExtras, setDesktopExtras] = useState<SearchFieldId[]>(() =>
    fieldsWithText(state.search).filter((id) => DESKTOP_EXTRA_FIELDS.includes(id)),
  );
  const [mobileFields, setMobileFields] = useState<SearchFieldId[]>(() => {
    const withText = fieldsWithText(state.search).slice(0, MOBILE_MAX_FIELDS);
    return withText.length > 0 ? withText : [...DEFAULT_MOBILE_FIELDS];
  });
  const visibleFields = visibleSearchFields(isMobile, desktopExtras, mobileFields);

  const runSearch = () =>
    applyOrRefetch({ ...state, page: 1, search: appliedSearch(draft, visibleFields), matchAll });
  const clearSearch = () => {
    setDraft(emptySearchValues());
    setMatchAll(false);
    applyOrRefetch({ ...state, page: 1, search: emptySearchValues(), matchAll: false, carrier: '' });
  };
  /** A field taken off screen loses its text, and stops filtering at once if it was part of the search. */
  const dropField = (id: SearchFieldId) => {
    setDraft((current) => ({ ...current, [id]: '' }));
    if (state.search[id]) applyOwn({ ...state, page: 1, search: { ...state.search, [id]: '' } });
  };
  const onToggleDesktopExtra = (id: SearchFieldId) => {
    if (desktopExtras.includes(id)) dropField(id);
    setDesktopExtras((current) => toggleDesktopExtra(current, id));
  };
  const onToggleMobileField = (id: SearchFieldId) => {
    const next = toggleMobileField(mobileFields, id);
    if (!next.includes(id) && mobileFields.includes(id)) dropField(id);
    setMobileFields(next);
  };

  // Column visibility: the saved settings per username, then the header menu and settings menu on top.
  const currentUser = useCurrentUser();
  const username = storedUsername() ?? currentUser.data?.username ?? null;
  const viewSettings = useOrderViewSettings(username);
  const [overrides, setOverrides] = useState<VisibilityOverrides>({});
  const visibility = useMemo(
    () => applyOverrides(baseVisibility(viewSettings.data), overrides),
    [viewSettings.data, overrides],
  );
  // The order: the one just dragged, else the saved one (docs/behaviour/order-tracking.md#column-order).
  const [draggedOrder, setDraggedOrder] = useState<GridColumnId[] | null>(null);
  const allColumns = useMemo(
    () => orderedColumns(draggedOrder ?? viewSettings.data?.columnOrder),
    [draggedOrder, viewSettings.data?.columnOrder],
  );
  const [hideEmpty, setHideEmpty] = useState(false);
  const pageRows = list.data?.rows ?? NO_ROWS;
  const emptyOnPage = useMemo(
    () => (hideEmpty ? emptyColumnIds(pageRows) : new Set<GridColumnId>()),
    [hideEmpty, pageRows],
  );
  const columns = useMemo(() => {
    const shown = allColumns.filter((column) => visibility[column.id]);
    const filled = shown.filter((column) => !emptyOnPage.has(column.id));
    // Every column empty (a page of bare rows): the headers stay rather than an empty table.
    return filled.length > 0 ? filled : shown;
  }, [allColumns, visibility, emptyOnPage]);
  const columnIds = useMemo(() => columns.map((column) => column.id), [columns]);
  const saveColumnOrder = useSaveColumnOrder(username);
  const onMoveColumn = (id: GridColumnId, toIndex: number) => {
    const next = moveColumn(
      allColumns.map((column) => column.id),
      id,
      toIndex,
    );
    setDraggedOrder(next);
    saveColumnOrder.mutate(
      { visibility: baseVisibility(viewSettings.data), columnOrder: orderToSave(next) },
      {
        onError: (error) =>
          toast.error(describeError(error, 'Could not save the column order. Please try again.')),
      },
    );
  };
  const settingsLoading = Boolean(username) && viewSettings.isPending;

  useEffect(() => {
    if (!viewSettings.error) return;
    // Falls back to the default columns; the user is told (docs/design/differences.md#errors-are-shown).
    console.error('Error fetching order tracking view settings:', viewSettings.error);
    toast.error(
      describeError(viewSettings.error, 'Could not load your column settings. Showing the default columns.'),
    );
  }, [viewSettings.error]);

  useEffect(() => {
    if (!list.error) return;
    console.error('Error fetching orders:', list.error);
    toast.error(LIST_FAILED, { description: describeError(list.error, 'Please try again.') });
  }, [list.error]);

  // The pager keeps the last known count while a page fails to load.
  const [total, setTotal] = useState(0);
  if (list.data && list.data.totalRecordCount !== total) setTotal(list.data.totalRecordCount);
  // After a deletion or a narrower search the page can lie beyond the last one.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData) return;
    const page = clampPage(state.page, list.data.totalRecordCount, state.pageSize);
    if (page !== state.page) setState((current) => ({ ...current, page }));
  }, [list.data, list.isPlaceholderData, state.page, state.pageSize, setState]);

  const onSortChoice = useCallback(
    (column: GridColumn, ascending: boolean, additive: boolean) => {
      const key = column.sortKey;
      if (!key) return;
      setState((current) => ({
        ...current,
        page: 1,
        sort: applySortChoice(current.sort, key, ascending, additive),
      }));
    },
    [setState],
  );
  const onHideColumn = useCallback(
    (id: GridColumnId) => setOverrides((current) => ({ ...current, [id]: false })),
    [],
  );
  const [pendingDelete, setPendingDelete] = useState<OrderRecord | null>(null);
  const saveNote = useSaveGridNote();
  const { mutateAsync: saveNoteAsync } = saveNote;
  const onSaveNote = useCallback(
    (orderId: number, note: string) => saveNoteAsync({ orderId, note }),
    [saveNoteAsync],
  );

  const rows = pageRows;
  const loading = settingsLoading || (list.isPending && !list.data);

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="font-semibold text-2xl tracking-tight">Order Tracking</h1>
        <ExportMenu request={request} columns={columnIds} />
      </div>
      <SearchBar
        values={draft}
        onValueChange={(id, value) => setDraft((current) => ({ ...current, [id]: value }))}
        matchAll={matchAll}
        onMatchAllChange={setMatchAll}
        visibleFields={visibleFields}
        onSearch={runSearch}
        onClear={clearSearch}
        isMobile={isMobile}
        filters={
          <CarrierFilter
            value={state.carrier}
            onChange={(carrier) => setState((current) => ({ ...current, page: 1, carrier }))}
          />
        }
        settingsMenu={
          <GridSettingsMenu
            isMobile={isMobile}
            desktopExtras={desktopExtras}
            onToggleDesktopExtra={onToggleDesktopExtra}
            mobileFields={mobileFields}
            onToggleMobileField={onToggleMobileField}
            visibility={visibility}
            onColumnVisibilityChange={(id, visible) =>
              setOverrides((current) => ({ ...current, [id]: visible }))
            }
            onResetColumns={() => setOverrides({})}
            columns={allColumns}
            onMoveColumn={onMoveColumn}
            hideEmpty={hideEmpty}
            onHideEmptyChange={setHideEmpty}
          />
        }
      />
      {list.isError && (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center gap-3">
            <span>
              {LIST_FAILED}: {describeError(list.error, 'please try again.')}
            </span>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      )}
      {isMobile ? (
        <OrderCardList
          rows={rows}
          loading={loading}
          fetching={list.isFetching}
          emptyMessage={list.isError ? `${LIST_FAILED}.` : 'No results.'}
          onDeleteOrder={setPendingDelete}
        />
      ) : (
        <OrderGrid
          rows={rows}
          columns={columns}
          sort={state.sort}
          loading={loading}
          fetching={list.isFetching}
          resetKey={requestKey}
          emptyMessage={list.isError ? `${LIST_FAILED}.` : 'No results.'}
          onSortChoice={onSortChoice}
          onHideColumn={onHideColumn}
          onDeleteOrder={setPendingDelete}
          onSaveNote={onSaveNote}
        />
      )}
      {!isMobile && (
        <p className="text-muted-foreground text-xs">
          Double-click a cell to select it, Shift-click to select a column or a range, Ctrl+C to copy, Esc to
          clear.
        </p>
      )}
      <GridPager
        page={state.page}
        pageSize={state.pageSize}
        totalRecords={total}
        onPageChange={(page) => setState((current) => ({ ...current, page }))}
        onPageSizeChange={(pageSize) => setState((current) => ({ ...current, pageSize, page: 1 }))}
      />
      <DeleteOrderDialog order={pendingDelete} onClose={() => setPendingDelete(null)} />
    </div>
  );
}

/** What the search inputs show of a grid state: the drafts follow it when it changes. */
function searchKey(state: GridQueryState): string {
  return JSON.stringify([state.search, state.matchAll]);
}
