import { createBrowserRouter } from 'react-router';
import { AccountPage } from '@/features/account/account-page';
import { AdminDashboardPage } from '@/features/admin/admin-dashboard-page';
import { RequireAdmin, RequirePermission, RequireSession } from '@/features/auth/components/route-guards';
import { LoginPage } from '@/features/auth/routes/login-page';
import { ResetPasswordPage } from '@/features/auth/routes/reset-password-page';
import { EmailSourceEditorPage } from '@/features/email-sources/routes/email-source-editor-page';
import { EmailSourceListPage } from '@/features/email-sources/routes/email-source-list-page';
import { HomePage } from '@/features/home/home-page';
import { ManualProcessPage } from '@/features/inventory-processing/routes/manual-process-page';
import { InventorySourceEditorPage } from '@/features/inventory-sources/routes/inventory-source-editor-page';
import { InventorySourceListPage } from '@/features/inventory-sources/routes/inventory-source-list-page';
import { AppLayout } from '@/features/layout/app-layout';
import { NotFoundPage } from '@/features/layout/not-found-page';
import { NotificationSettingEditorPage } from '@/features/notification-settings/routes/notification-setting-editor-page';
import { NotificationSettingListPage } from '@/features/notification-settings/routes/notification-setting-list-page';
import { SubmissionSourceEditorPage } from '@/features/order-submission/routes/submission-source-editor-page';
import { SubmissionSourceListPage } from '@/features/order-submission/routes/submission-source-list-page';
import { VendorEditorPage } from '@/features/order-submission/routes/vendor-editor-page';
import { VendorListPage } from '@/features/order-submission/routes/vendor-list-page';
import { OrderDetailPage } from '@/features/order-tracking/routes/order-detail-page';
import { OrderTrackingPage } from '@/features/order-tracking/routes/order-tracking-page';
import { OrderTrackingSourceEditorPage } from '@/features/order-tracking-sources/routes/order-tracking-source-editor-page';
import { OrderTrackingSourceListPage } from '@/features/order-tracking-sources/routes/order-tracking-source-list-page';
import { RunHistoryPage } from '@/features/runs/routes/run-history-page';
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
            element: <RequirePermission permission="anySourceFlag" />,
            children: [
              { path: '/email-sources', element: <EmailSourceListPage /> },
              { path: '/email-sources/edit/:sourceId', element: <EmailSourceEditorPage /> },
              { path: '/email-sources/history/:id', element: <RunHistoryPage sourceType="email" /> },
              // docs/behaviour/notifications.md#access: admins or any of the three flags (admins hold every flag).
              { path: '/notification-settings', element: <NotificationSettingListPage /> },
              { path: '/notification-settings/edit/:settingId', element: <NotificationSettingEditorPage /> },
            ],
          },
          {
            element: <RequirePermission permission="orderUser" />,
            children: [
              { path: '/order-tracking-sources', element: <OrderTrackingSourceListPage /> },
              { path: '/order-tracking-sources/edit/:sourceId', element: <OrderTrackingSourceEditorPage /> },
              {
                path: '/order-tracking-sources/history/:id',
                element: <RunHistoryPage sourceType="order-tracking" />,
              },
            ],
          },
          {
            element: <RequirePermission permission="inventoryUser" />,
            children: [
              { path: '/inventory-sources', element: <InventorySourceListPage /> },
              { path: '/inventory-sources/edit/:sourceId', element: <InventorySourceEditorPage /> },
              { path: '/inventory-sources/history/:id', element: <RunHistoryPage sourceType="inventory" /> },
              { path: '/inventory-sources/manually-process/:id', element: <ManualProcessPage /> },
            ],
          },
          {
            element: <RequirePermission permission="submissionUser" />,
            children: [
              { path: '/order-submission/sources', element: <SubmissionSourceListPage /> },
              { path: '/order-submission/sources/edit/:sourceId', element: <SubmissionSourceEditorPage /> },
              {
                path: '/order-submission/sources/history/:id',
                element: <RunHistoryPage sourceType="order-submission" />,
              },
              { path: '/order-submission/vendor', element: <VendorListPage /> },
              { path: '/order-submission/vendor/edit/:vendorId', element: <VendorEditorPage /> },
              {
                path: '/order-submission/vendor/history/:id',
                element: <RunHistoryPage sourceType="vendor" />,
              },
            ],
          },
          {
            element: <RequirePermission permission="orderUser" />,
            children: [
              { path: '/order-tracking', element: <OrderTrackingPage /> },
              { path: '/order-tracking/order/:orderId', element: <OrderDetailPage /> },
            ],
          },
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
