import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailedAlert } from '@/components/data-view/list-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/lib/api-client';

/**
 * The body of a history page: a source id that cannot exist is said so, a failed load offers a retry, a
 * pending one holds the skeleton's place, and the loaded history is `children`'s.
 */
export function HistoryBody<T>({
  sourceId,
  history,
  failure,
  skeletonClassName,
  children,
}: {
  sourceId: number | null;
  history: UseQueryResult<T>;
  /** Shown when the error itself says nothing a user can act on. */
  failure: string;
  skeletonClassName: string;
  children: (data: T) => ReactNode;
}) {
  if (sourceId === null) {
    return (
      <p role="alert" className="rounded-md border px-4 py-6 text-muted-foreground">
        This source does not exist.
      </p>
    );
  }
  if (history.isError) {
    return (
      <LoadFailedAlert
        message={describeError(history.error, failure)}
        onRetry={() => void history.refetch()}
      />
    );
  }
  if (history.isPending) return <Skeleton className={skeletonClassName} />;
  return children(history.data);
}
