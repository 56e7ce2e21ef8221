import { queryOptions, useQuery } from '@tanstack/react-query';
import { ScrollText, Users, Webhook } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { api, describeError } from '@/lib/api-client';
import { LearnedMappingsCard } from '../components/learned-mappings-card';

// Same key as the users feature uses for the count, so creating or deleting a user there refreshes this card.
const userCountQueryOptions = queryOptions({
  queryKey: ['users', 'count'] as const,
  queryFn: ({ signal }) => api.get<number>('/api/accounts/count', signal),
});

export function AdminDashboardPage() {
  const count = useQuery(userCountQueryOptions);

  useEffect(() => {
    if (!count.error) return;
    console.error('Error fetching user count:', count.error);
    toast.error(describeError(count.error, 'The number of users could not be loaded.'));
  }, [count.error]);

  return (
    <div className="space-y-6">
      <h1 className="font-semibold text-2xl tracking-tight">Admin Dashboard</h1>
      {/* Each card's button sits at its foot (mt-auto), so the buttons of a row line up whatever each card holds. */}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>Users</CardTitle>
            <CardDescription>Accounts that can sign in to the portal</CardDescription>
            <CardAction>
              <Users aria-hidden className="size-5 text-muted-foreground" />
            </CardAction>
          </CardHeader>
          <CardContent>
            {count.isPending ? (
              <Skeleton className="h-9 w-16" />
            ) : count.isError ? (
              <p className="text-muted-foreground text-sm">Unavailable</p>
            ) : (
              <p className="font-bold text-3xl tabular-nums">{count.data}</p>
            )}
          </CardContent>
          <CardFooter className="mt-auto">
            <Button asChild>
              <Link to="/admin/manage/users">Manage Users</Link>
            </Button>
          </CardFooter>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Webhooks</CardTitle>
            <CardDescription>Signed events for your own systems and automations</CardDescription>
            <CardAction>
              <Webhook aria-hidden className="size-5 text-muted-foreground" />
            </CardAction>
          </CardHeader>
          <CardFooter className="mt-auto">
            <Button asChild>
              <Link to="/admin/webhooks">Manage Webhooks</Link>
            </Button>
          </CardFooter>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Audit Log</CardTitle>
            <CardDescription>Who changed users, sources and settings, and when</CardDescription>
            <CardAction>
              <ScrollText aria-hidden className="size-5 text-muted-foreground" />
            </CardAction>
          </CardHeader>
          <CardFooter className="mt-auto">
            <Button asChild>
              <Link to="/admin/audit">View Audit Log</Link>
            </Button>
          </CardFooter>
        </Card>
        <LearnedMappingsCard />
      </div>
    </div>
  );
}
