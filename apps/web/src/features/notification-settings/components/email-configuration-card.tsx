import type { RecipientGroup } from '@app/contracts';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLogError } from '@/hooks/use-log-error';
import { LoadErrorBanner } from '@/shared/sources/components/source-editor-parts';
import { useNotificationEmailInfo } from '../api/notification-settings';

const GROUPS: [RecipientGroup, string][] = [
  ['inventory', 'Inventory'],
  ['submission', 'Submission'],
  ['order', 'Order'],
];

const LOAD_FAILED = 'Failed to load the email configuration';

/** The Email Configuration info card (docs/behaviour/notifications.md#setting-editor): the sender, the recipients by group and the note. */
export function EmailConfigurationCard({ className }: { className?: string }) {
  const info = useNotificationEmailInfo();
  // docs/design/differences.md#errors-are-shown: shown, not only logged.
  useLogError(info.error, 'Error fetching notification email info:');

  let content: ReactNode;
  if (info.isPending) {
    content = <Skeleton className="h-32 w-full" />;
  } else if (info.isError) {
    content = <LoadErrorBanner message={LOAD_FAILED} onRetry={() => void info.refetch()} />;
  } else {
    const { fromEmail, recipients, note } = info.data;
    content = (
      <div className="grid gap-4 text-sm">
        <dl className="grid gap-3 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-6">
          <dt className="font-medium">From Email</dt>
          <dd className="break-all">
            {fromEmail || <span className="text-muted-foreground">Not configured</span>}
          </dd>
          {/* The server names only the groups of the user's own flags. */}
          {GROUPS.filter(([group]) => recipients[group] !== undefined).map(([group, label]) => {
            const addresses = recipients[group] ?? [];
            return (
              <div key={group} className="contents">
                <dt className="font-medium">{label} recipients</dt>
                <dd>
                  {addresses.length === 0 ? (
                    <span className="text-muted-foreground">No recipients</span>
                  ) : (
                    <ul className="grid gap-0.5">
                      {addresses.map((address) => (
                        <li key={address} className="break-all">
                          {address}
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
        {note && <p className="text-muted-foreground">{note}</p>}
      </div>
    );
  }

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>
          <h2>Email Configuration</h2>
        </CardTitle>
        <CardDescription>Who sends notifications and who receives them by default.</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
