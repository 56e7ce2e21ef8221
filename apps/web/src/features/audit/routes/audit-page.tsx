import {
  AUDIT_ENTITY_TYPE_LABELS,
  AUDIT_ENTITY_TYPES,
  type AuditEntityType,
  type TAuditQueryInput,
  type User,
} from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { api, describeError } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';
import { useAuditPage } from '@/shared/audit/api/audit';
import { AuditEntryList } from '@/shared/audit/components/audit-entry-list';
import { AuditPager } from '@/shared/audit/components/audit-pager';

const ANY = 'any';

// The same list (and key) the user management page reads, so the two share one cache entry.
const userListQueryOptions = queryOptions({
  queryKey: userKeys.list,
  queryFn: ({ signal }) => api.get<User[]>('/api/accounts/list', signal),
});

/** A token prefix as the token list shows it; the filter waits until one is complete. */
const TOKEN_PREFIX = /^(?:iot_)?[0-9a-f]{12}(?:…|\.\.\.)?$/i;

const isEntityType = (value: string | null): value is AuditEntityType =>
  AUDIT_ENTITY_TYPES.some((type) => type === value);

/**
 * The admins' audit page (docs/behaviour/audit-log.md#the-audit-page): every recorded change, newest first,
 * filtered by user, entity type and a date range; the filters and the page live in the URL.
 */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const entityType = params.get('entityType');
  const rawPage = Number(params.get('page'));
  const apiToken = params.get('apiToken') ?? '';
  const tokenComplete = TOKEN_PREFIX.test(apiToken.trim());
  const query: TAuditQueryInput = {
    entityType: isEntityType(entityType) ? entityType : undefined,
    userId: params.get('userId') ?? undefined,
    apiToken: tokenComplete ? apiToken.trim() : undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    page: Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1,
  };
  const entries = useAuditPage(query);
  const users = useQuery(userListQueryOptions);

  /** Sets one filter (or the page); any filter change goes back to page 1. */
  const setParam = (name: string, value: string | undefined) =>
    setParams(
      (current) => {
        if (value === undefined || value === '' || value === ANY) current.delete(name);
        else current.set(name, value);
        if (name !== 'page') current.delete('page');
        return current;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="font-semibold text-2xl tracking-tight">Audit Log</h1>
          <p className="text-muted-foreground">
            Every change to users, sources, vendors, notification settings, webhooks and API tokens, and the
            API token it was made with.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to="/admin">
            <ArrowLeft aria-hidden />
            Back to Admin
          </Link>
        </Button>
      </div>

      <Card>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <div className="grid gap-2">
            <Label htmlFor="audit-user">User</Label>
            <Select value={params.get('userId') ?? ANY} onValueChange={(value) => setParam('userId', value)}>
              <SelectTrigger id="audit-user" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>All users</SelectItem>
                {(users.data ?? []).map((user) => (
                  <SelectItem key={user.userId} value={String(user.userId)}>
                    {user.username}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="audit-entity-type">Entity type</Label>
            <Select value={query.entityType ?? ANY} onValueChange={(value) => setParam('entityType', value)}>
              <SelectTrigger id="audit-entity-type" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>All types</SelectItem>
                {AUDIT_ENTITY_TYPES.map((type) => (
                  <SelectItem key={type} value={type}>
                    {AUDIT_ENTITY_TYPE_LABELS[type]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor="audit-api-token">API token</Label>
            <Input
              id="audit-api-token"
              placeholder="iot_…"
              value={apiToken}
              aria-describedby="audit-api-token-hint"
              aria-invalid={apiToken.trim() !== '' && !tokenComplete ? true : undefined}
              onChange={(event) => setParam('apiToken', event.target.value)}
            />
            <p id="audit-api-token-hint" className="text-muted-foreground text-xs">
              {apiToken.trim() !== '' && !tokenComplete
                ? 'Enter the token’s prefix: iot_ and its 12 characters.'
                : 'Changes made with one token, by its prefix.'}
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="audit-from">From</Label>
            <Input
              id="audit-from"
              type="date"
              value={query.from ?? ''}
              onChange={(event) => setParam('from', event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="audit-to">To</Label>
            <Input
              id="audit-to"
              type="date"
              value={query.to ?? ''}
              onChange={(event) => setParam('to', event.target.value)}
            />
          </div>
        </CardContent>
      </Card>

      {entries.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : entries.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            {describeError(entries.error, 'The audit log could not be loaded.')}
          </AlertDescription>
        </Alert>
      ) : (
        <div className="space-y-4">
          <AuditPager
            page={Number(query.page)}
            total={entries.data.totalRecordCount}
            onPageChange={(page) => setParam('page', page > 1 ? String(page) : undefined)}
          />
          {entries.data.totalRecordCount === 0 ? (
            <p className="text-muted-foreground">No changes match these filters.</p>
          ) : (
            <AuditEntryList
              entries={entries.data.entries}
              showEntity
              onTokenSelect={(prefix) => setParam('apiToken', prefix)}
            />
          )}
        </div>
      )}
    </div>
  );
}
