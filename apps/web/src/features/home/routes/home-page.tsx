import type { OrderTrackingUpdateStat } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ListSkeleton, LoadFailedAlert } from '@/components/data-view/list-parts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useIsMobile } from '@/hooks/use-media-query';
import { ApiError, api, describeError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { OrdersPerDay } from '../components/orders-per-day';
import { StartHere } from '../components/start-here';

const EMPTY_MESSAGE = 'No stats available for the past 24 hours.';
const LOAD_FAILED_MESSAGE = 'The stats for the past 24 hours could not be loaded. Please try again later.';

function useUpdateStats() {
  const query = useQuery({
    queryKey: ['order-tracking', 'update-stats'],
    queryFn: ({ signal }) =>
      api.get<OrderTrackingUpdateStat[]>('/api/order-tracking/list/update-stats', signal),
  });
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Error fetching data:', error);
  }, [error]);
  return query;
}

/** A 5xx body only says that something failed; the page's own sentence tells the user more. */
function loadFailedMessage(error: unknown): string {
  return error instanceof ApiError && error.status >= 500
    ? LOAD_FAILED_MESSAGE
    : describeError(error, LOAD_FAILED_MESSAGE);
}

export function HomePage() {
  const isMobile = useIsMobile();
  const { data, isPending, isError, error, refetch } = useUpdateStats();
  const stats = data ?? [];

  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-6" aria-busy={isPending}>
        <div className="flex flex-col gap-1">
          <h1 className="font-semibold text-2xl tracking-tight">Welcome to the Home Page</h1>
          <p className="text-muted-foreground">Here are the stats for the past 24 hours:</p>
        </div>
        {/* Beyond the spec: a fresh install's first steps, below the spec's texts (docs/behaviour/home.md#start-here). */}
        <StartHere />
        {/* docs/behaviour/home.md#statistics: "could not load" is not "no data", and says so with a retry. */}
        {isError ? (
          <LoadFailedAlert message={loadFailedMessage(error)} onRetry={() => void refetch()} />
        ) : isPending ? (
          // Until the server answers there is no knowing whether there is data: "No stats" would be a guess.
          <ListSkeleton view={isMobile ? 'cards' : 'table'} rows={3} cards={2} cardClassName="h-32" />
        ) : isMobile ? (
          <StatsCards stats={stats} />
        ) : (
          <StatsTable stats={stats} />
        )}
      </section>
      {/* Beyond the spec, below its table: the same figures per day (docs/behaviour/home.md#orders-per-day). */}
      <OrdersPerDay />
    </div>
  );
}

function StatsTable({ stats }: { stats: OrderTrackingUpdateStat[] }) {
  return (
    <div className="rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="px-4">Source Name</TableHead>
            <TableHead className="px-4 text-right">Orders Updated</TableHead>
            <TableHead className="px-4 text-right">Orders Deleted</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {stats.length === 0 ? (
            <TableRow>
              <TableCell colSpan={3} className="h-24 px-4 text-center text-muted-foreground">
                {EMPTY_MESSAGE}
              </TableCell>
            </TableRow>
          ) : (
            stats.map((stat) => (
              <TableRow key={stat.orderTrackingSourceName}>
                <TableCell className="px-4 font-medium">{stat.orderTrackingSourceName}</TableCell>
                <TableCell className="px-4 text-right tabular-nums">
                  {formatCount(stat.ordersUpdated)}
                </TableCell>
                <TableCell className="px-4 text-right tabular-nums">
                  {formatCount(stat.ordersDeleted)}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}

function StatsCards({ stats }: { stats: OrderTrackingUpdateStat[] }) {
  if (stats.length === 0) {
    return <p className="rounded-lg border px-4 py-8 text-center text-muted-foreground">{EMPTY_MESSAGE}</p>;
  }
  return (
    <ul className="flex flex-col gap-4">
      {stats.map((stat) => (
        <li key={stat.orderTrackingSourceName}>
          <Card className="gap-4">
            <CardHeader>
              <CardTitle>
                <h2 className="break-words">{stat.orderTrackingSourceName}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-4">
                <div className="flex flex-col gap-1">
                  <dt className="text-muted-foreground text-sm">Orders Updated</dt>
                  <dd className="font-semibold text-2xl tabular-nums">{formatCount(stat.ordersUpdated)}</dd>
                </div>
                <div className="flex flex-col gap-1">
                  <dt className="text-muted-foreground text-sm">Orders Deleted</dt>
                  <dd className="font-semibold text-2xl tabular-nums">{formatCount(stat.ordersDeleted)}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
