import { GUARD_MESSAGES } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, api, sessionEndMessage } from '@/lib/api-client';
import { permissionsOf, useCurrentUser } from '@/shared/auth/api/session';
import type { LayoutNotice } from '@/shared/layout/lib/route-handle';

export function FullPageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="size-8" />
    </div>
  );
}

function guardMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return sessionEndMessage();
  if (error instanceof ApiError && error.status === 403) return GUARD_MESSAGES.accessDenied;
  return GUARD_MESSAGES.pleaseLogIn;
}

/** Every route but the login page: spinner while the session check runs, then the route or / with a message. */
export function RequireSession() {
  const location = useLocation();
  const allowed = useQuery({
    queryKey: ['auth', 'allowed'],
    queryFn: ({ signal }) => api.get<boolean>('/auth/allowed', signal),
    retry: false,
    staleTime: 30_000,
  });
  if (allowed.isPending) return <FullPageSpinner />;
  if (allowed.isError || !allowed.data) {
    return (
      <Navigate to="/" replace state={{ message: guardMessage(allowed.error), from: location.pathname }} />
    );
  }
  return <Outlet />;
}

type Permission = keyof ReturnType<typeof permissionsOf>;

/** Routes behind a role or flag: users without it go to /home. The server checks again on every call. */
export function RequirePermission({ permission }: { permission: Permission }) {
  const user = useCurrentUser();
  if (user.isPending) return <FullPageSpinner />;
  if (permissionsOf(user.data)[permission]) return <Outlet />;
  // docs/behaviour/accounts-and-sign-in.md#route-guards: Home says why the page did not open.
  return (
    <Navigate to="/home" replace state={{ notice: GUARD_MESSAGES.noPermission } satisfies LayoutNotice} />
  );
}

export const RequireAdmin = () => <RequirePermission permission="isAdmin" />;
