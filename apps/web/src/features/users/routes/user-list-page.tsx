import type { User } from '@app/contracts';
import { MoreHorizontal, Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useViewMode, type ViewMode, ViewModeToggle } from '@/components/data-view/view-mode-toggle';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
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
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useIsUnder1024 } from '@/hooks/use-media-query';
import { describeError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/shared/format/dates';
import { toUserForm, useDeleteUser, useSaveUser, useUsers } from '../api/users';

const editPath = (userId: number) => `/admin/manage/users/edit/${userId}`;

export function UserListPage() {
  const users = useUsers();
  const isUnder1024 = useIsUnder1024();
  // The chosen view sits in the URL (shadcn-admin habit) so a reload or a shared link keeps it.
  const [view, setView] = useViewMode(isUnder1024);
  const [pendingDelete, setPendingDelete] = useState<User | null>(null);

  useEffect(() => {
    if (!users.error) return;
    console.error('Error fetching users:', users.error);
    toast.error(describeError(users.error, 'The user list could not be loaded.'));
  }, [users.error]);

  let body: ReactNode;
  if (users.isPending) {
    body = <ListSkeleton view={view} />;
  } else if (users.isError) {
    body = (
      <Alert variant="destructive">
        <AlertDescription className="flex flex-wrap items-center gap-3">
          <span>The user list could not be loaded.</span>
          <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (view === 'table') {
    body = <UsersTable users={users.data} onDelete={setPendingDelete} />;
  } else if (users.data.length === 0) {
    body = <p className="py-10 text-center text-muted-foreground">No users found.</p>;
  } else {
    body = (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {users.data.map((user) => (
          <UserCard key={user.userId} user={user} onDelete={setPendingDelete} />
        ))}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl tracking-tight">Users</h1>
        <div className="flex items-center gap-2">
          {!isUnder1024 && <ViewModeToggle value={view} onChange={setView} />}
          <Button asChild>
            <Link to={editPath(0)}>
              <Plus />
              Add User
            </Link>
          </Button>
        </div>
      </div>
      {body}
      <DeleteUserDialog user={pendingDelete} onClose={() => setPendingDelete(null)} />
    </div>
  );
}

/** Inactive users cannot sign in (docs/behaviour/accounts-and-sign-in.md#inactive-users): marked where the name is read. */
function InactiveMark() {
  return (
    <Badge
      variant="outline"
      title="Cannot sign in until Active is switched on"
      className="ml-2 border-amber-600/60 text-amber-800 dark:border-amber-400/60 dark:text-amber-300"
    >
      Inactive
    </Badge>
  );
}

function YesNo({ value }: { value: boolean }) {
  return <Badge variant={value ? 'secondary' : 'outline'}>{value ? 'Yes' : 'No'}</Badge>;
}

function UsersTable({ users, onDelete }: { users: User[]; onDelete: (user: User) => void }) {
  return (
    <div className="rounded-md border">
      <Table stickyLastColumn>
        <TableHeader>
          <TableRow>
            <TableHead>User Id</TableHead>
            <TableHead>Username</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>First Name</TableHead>
            <TableHead>Last Name</TableHead>
            <TableHead>Last Login</TableHead>
            <TableHead>Created On</TableHead>
            <TableHead>Admin</TableHead>
            <TableHead>Notifications</TableHead>
            <TableHead>Active</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.length === 0 ? (
            <TableRow>
              <TableCell colSpan={11} className="h-24 text-center text-muted-foreground">
                No users found.
              </TableCell>
            </TableRow>
          ) : (
            users.map((user) => (
              <TableRow key={user.userId}>
                <TableCell className="tabular-nums">{user.userId}</TableCell>
                {/* Long names and addresses wrap, so the row actions stay on screen on a desktop. */}
                <TableCell className="whitespace-normal font-medium wrap-anywhere">
                  {user.username}
                  {!user.activeStatus && <InactiveMark />}
                </TableCell>
                <TableCell className="whitespace-normal wrap-anywhere">{user.email}</TableCell>
                <TableCell>{user.firstName || 'N/A'}</TableCell>
                <TableCell>{user.lastName || 'N/A'}</TableCell>
                <TableCell>{formatDateTime(user.lastLogin) || 'Never'}</TableCell>
                <TableCell>{formatDate(user.createdOn)}</TableCell>
                <TableCell>
                  <YesNo value={user.isAdmin} />
                </TableCell>
                <TableCell>
                  <YesNo value={user.sendNotificationsToEmail} />
                </TableCell>
                <TableCell>
                  <YesNo value={user.activeStatus} />
                </TableCell>
                <TableCell className="text-right">
                  <RowActions user={user} onDelete={onDelete} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}

function RowActions({ user, onDelete }: { user: User; onDelete: (user: User) => void }) {
  return (
    // Not modal: the confirmation dialog opens as the menu closes, and a modal menu would leave the page inert.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label="Actions">
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to={editPath(user.userId)}>
            <Pencil />
            Edit
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(user)}>
          <Trash2 />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function UserCard({ user, onDelete }: { user: User; onDelete: (user: User) => void }) {
  const saveUser = useSaveUser();
  // While the save runs the switch shows the value asked for; the refreshed list settles it.
  const active = saveUser.isPending
    ? (saveUser.variables?.activeStatus ?? user.activeStatus)
    : user.activeStatus;
  const switchId = `user-active-${user.userId}`;

  const onActiveChange = (next: boolean) => {
    saveUser.mutate(
      { ...toUserForm(user), activeStatus: next },
      {
        onSuccess: () => toast.success(`${user.username} is now ${next ? 'active' : 'inactive'}`),
        onError: (error) => {
          console.error('Error updating user:', error);
          toast.error(describeError(error, `${user.username} could not be updated.`));
        },
      },
    );
  };

  const details: [string, string][] = [
    ['Email', user.email || 'N/A'],
    ['First Name', user.firstName || 'N/A'],
    ['Last Name', user.lastName || 'N/A'],
    ['Last Login', formatDateTime(user.lastLogin) || 'Never'],
    ['Created', formatDate(user.createdOn)],
  ];

  return (
    <Card className="h-full gap-4">
      <CardHeader>
        <CardTitle className="truncate text-lg">{user.username}</CardTitle>
        <CardDescription className="flex flex-wrap gap-1.5">
          {user.isAdmin && <Badge>Admin</Badge>}
          {user.sendNotificationsToEmail && <Badge variant="secondary">Notifications</Badge>}
          <Badge variant={user.activeStatus ? 'secondary' : 'outline'}>
            {user.activeStatus ? 'Active' : 'Inactive'}
          </Badge>
        </CardDescription>
        <CardAction>
          <Switch
            id={switchId}
            aria-label={`Active status of ${user.username}`}
            checked={active}
            disabled={saveUser.isPending}
            onCheckedChange={onActiveChange}
          />
        </CardAction>
      </CardHeader>
      <CardContent className="flex-1">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
          {details.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="truncate" title={value}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
      <CardFooter className="gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={editPath(user.userId)}>
            <Pencil />
            Edit
          </Link>
        </Button>
        <Button variant="outline" size="sm" className="text-destructive" onClick={() => onDelete(user)}>
          <Trash2 />
          Delete
        </Button>
      </CardFooter>
    </Card>
  );
}

function DeleteUserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const deleteUser = useDeleteUser();
  return (
    <ConfirmDialog
      item={user}
      onClose={onClose}
      title="Confirm Deletion"
      description={(shown) => `Are you sure you want to delete "${shown.username}"?`}
      action="Delete"
      destructive
      onConfirm={async (shown) => {
        await deleteUser.mutateAsync(shown.userId);
        toast.success(`User "${shown.username}" deleted`);
      }}
      logLabel="Error deleting user:"
      failureMessage={(shown) => `"${shown.username}" could not be deleted.`}
    />
  );
}

function ListSkeleton({ view }: { view: ViewMode }) {
  if (view === 'table') {
    return (
      <div className="space-y-2 rounded-md border p-4">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-8 w-full" />
        ))}
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-56 rounded-xl" />
      ))}
    </div>
  );
}
