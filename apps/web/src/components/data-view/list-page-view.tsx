import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { useViewMode } from '@/components/data-view/view-mode-toggle';
import { useIsMobile } from '@/hooks/use-media-query';
import {
  CardList,
  ConfirmDeleteItemDialog,
  ListPageHeader,
  ListSkeleton,
  LoadFailedAlert,
} from './list-parts';

/** The slice of a list query the page reads. */
interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T[] | undefined;
  refetch: () => unknown;
}

/**
 * A record list page (docs/behaviour/screens.md): the title row (with the table/cards switcher, kept in the
 * address), then a skeleton while the list loads, the
 * load failure with 'Try again', the table, or the cards ('{empty}' when there are none); and the delete
 * confirmation for the record a row or card asked to delete, with '"{name}" deleted' on success.
 */
export function ListPageView<T extends { id: number }>({
  title,
  addHref,
  list,
  loadFailed,
  empty,
  skeleton,
  table,
  card,
  nameOf,
  remove,
  aboveList,
  children,
}: {
  title: string;
  addHref: string;
  list: ListQuery<T>;
  loadFailed: string;
  empty: string;
  skeleton?: { cardClassName?: string };
  table: (items: T[], requestDelete: (item: T) => void) => ReactNode;
  card: (item: T, requestDelete: (item: T) => void) => ReactNode;
  nameOf: (item: T) => string;
  remove: (item: T) => Promise<unknown>;
  /** Controls between the title row and the list (a filter switch). */
  aboveList?: ReactNode;
  /** Further dialogs the rows open. */
  children?: ReactNode;
}) {
  const isMobile = useIsMobile();
  // Narrow screens always get the cards, without the switcher.
  const [view, setView] = useViewMode(isMobile);
  const [pendingDelete, setPendingDelete] = useState<T | null>(null);

  let body: ReactNode;
  if (list.isPending) {
    body = <ListSkeleton view={view} {...skeleton} />;
  } else if (list.isError || !list.data) {
    body = <LoadFailedAlert message={loadFailed} onRetry={() => void list.refetch()} />;
  } else if (view === 'table') {
    body = table(list.data, setPendingDelete);
  } else if (list.data.length === 0) {
    body = <p className="py-10 text-center text-muted-foreground">{empty}</p>;
  } else {
    body = <CardList items={list.data} renderCard={(item) => card(item, setPendingDelete)} />;
  }

  return (
    <div className="space-y-6">
      <ListPageHeader
        title={title}
        addHref={addHref}
        view={view}
        onViewChange={setView}
        showViewToggle={!isMobile}
      />
      {aboveList}
      {body}
      <ConfirmDeleteItemDialog
        item={pendingDelete}
        name={nameOf}
        onClose={() => setPendingDelete(null)}
        onConfirm={async (item) => {
          await remove(item);
          toast.success(`"${nameOf(item)}" deleted`);
        }}
      />
      {children}
    </div>
  );
}
