import { createBrowserRouter } from 'react-router';
import { AccountPage } from '@/features/account/account-page';
import { AdminDashboardPage } from '@/features/admin/admin-dashboard-page';
import { RequireAdmin, RequireSession } from '@/features/auth/components/route-guards';
import { LoginPage } from '@/features/auth/routes/login-page';
import { ResetPasswordPage } from '@/features/auth/routes/reset-password-page';
import { HomePage } from '@/features/home/home-page';
import { AppLayout } from '@/features/layout/app-layout';
import { NotFoundPage } from '@/features/layout/not-found-page';
import { SourcesHubPage } from '@/features/sources/sources-hub-page';
import { UserEditorPage } from '@/features/users/user-editor-page';
import { UserListPage } from '@/features/users/user-list-page';

export const router = createBrowserRouter([
  { path: '/', element: <LoginPage /> },
  // Beyond the spec: the page the e-mailed reset link opens.
  { path: '/reset-password', element: <ResetPasswordPage /> },
  {
    element: <RequireSession />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: '/home', element: <HomePage /> },
          { path: '/account', element: <AccountPage /> },
          { path: '/sources', element: <SourcesHubPage /> },
          {
            element: <RequireAdmin />,
            children: [
              { path: '/admin', element: <AdminDashboardPage /> },
              { path: '/admin/manage/users', element: <UserListPage /> },
              { path: '/admin/manage/users/edit/:userId', element: <UserEditorPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
