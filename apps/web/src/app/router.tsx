import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import {
  FullPageSpinner,
  RequireAdmin,
  RequirePermission,
  RequireSession,
} from '@/features/auth/components/route-guards';
import type { RouteHandle } from '@/shared/layout/lib/route-handle';
import type { HistorySourceType } from '@/shared/runs/api/runs';

/**
 * Every screen is its own chunk, fetched when its route matches: the login page loads only what it needs and a
 * signed-in user downloads a screen's code the first time it is opened (docs/design/web-delivery.md).
 */
/**
 * Lists, the order grid and run histories use the full window width (docs/behaviour/screens.md#layout); forms
 * and detail pages keep a readable measure.
 */
const DATA_PAGE: RouteHandle = { fullWidth: true };

function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

function runHistory(sourceType: HistorySourceType) {
  return page(
    () => import('@/features/runs/routes/run-history-page'),
    ({ RunHistoryPage }) =>
      function RunHistoryRoute() {
        return <RunHistoryPage sourceType={sourceType} />;
      },
  );
}

export const router = createBrowserRouter([
  {
    // Shown on the first load while the chunks of the matched routes arrive.
    HydrateFallback: FullPageSpinner,
    children: [
      {
        path: '/',
        lazy: page(
          () => import('@/features/auth/routes/login-page'),
          (m) => m.LoginPage,
        ),
      },
      // Beyond the spec: the page the e-mailed reset link opens.
      {
        path: '/reset-password',
        lazy: page(
          () => import('@/features/auth/routes/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        element: <RequireSession />,
        children: [
          {
            lazy: page(
              () => import('@/features/layout/components/app-layout'),
              (m) => m.AppLayout,
            ),
            children: [
              {
                path: '/home',
                lazy: page(
                  () => import('@/features/home/routes/home-page'),
                  (m) => m.HomePage,
                ),
              },
              {
                path: '/account',
                lazy: page(
                  () => import('@/features/account/routes/account-page'),
                  (m) => m.AccountPage,
                ),
              },
              {
                path: '/api-reference',
                handle: DATA_PAGE,
                lazy: page(
                  () => import('@/features/api-reference/routes/api-reference-page'),
                  (m) => m.ApiReferencePage,
                ),
              },
              {
                path: '/sources',
                lazy: page(
                  () => import('@/features/sources/routes/sources-hub-page'),
                  (m) => m.SourcesHubPage,
                ),
              },
              {
                element: <RequirePermission permission="anySourceFlag" />,
                children: [
                  {
                    path: '/email-sources',
                    handle: DATA_PAGE,
                    lazy: page(
                      () => import('@/features/email-sources/routes/email-source-list-page'),
                      (m) => m.EmailSourceListPage,
                    ),
                  },
                  {
                    path: '/email-sources/edit/:sourceId',
                    lazy: page(
                      () => import('@/features/email-sources/routes/email-source-editor-page'),
                      (m) => m.EmailSourceEditorPage,
                    ),
                  },
                  { path: '/email-sources/history/:id', handle: DATA_PAGE, lazy: runHistory('email') },
                  {
                    path: '/email-sources/messages/:id',
                    handle: DATA_PAGE,
                    lazy: page(
                      () => import('@/features/email-sources/routes/mailbox-ledger-page'),
                      (m) => m.MailboxLedgerPage,
                    ),
                  },
                  // docs/behaviour/notifications.md#access: admins or any of the three flags (admins hold every flag).
                  {
                    path: '/notification-settings',
                    handle: DATA_PAGE,
                    lazy: page(
                      () => import('@/features/notification-settings/routes/notification-setting-list-page'),
                      (m) => m.NotificationSettingListPage,
                    ),
                  },
                  {
                    path: '/notification-settings/edit/:settingId',
                    lazy: page(
                      () =>
                        import('@/features/notification-settings/routes/notification-setting-editor-page'),
                      (m) => m.NotificationSettingEditorPage,
                    ),
                  },
                ],
              },
              {
                element: <RequirePermission permission="orderUser" />,
                children: [
                  {
                    path: '/order-tracking-sources',
                    handle: DATA_PAGE,
                    lazy: page(
                      () =>
                        import('@/features/order-tracking-sources/routes/order-tracking-source-list-page'),
                      (m) => m.OrderTrackingSourceListPage,
                    ),
                  },
                  {
                    path: '/order-tracking-sources/edit/:sourceId',
                    lazy: page(
                      () =>
                        import('@/features/order-tracking-sources/routes/order-tracking-source-editor-page'),
                      (m) => m.OrderTrackingSourceEditorPage,
                    ),
                  },
                  {
                    path: '/order-tracking-sources/history/:id',
                    handle: DATA_PAGE,
                    lazy: runHistory('order-tracking'),
                  },
                ],
              },
              {
                element: <RequirePermission permission="inventoryUser" />,
                children: [
                  {
                    path: '/inventory-sources',
                    handle: DATA_PAGE,
                    lazy: page(
                      () => import('@/features/inventory-sources/routes/inventory-source-list-page'),
                      (m) => m.InventorySourceListPage,
                    ),
                  },
                  {
                    path: '/inventory-sources/edit/:sourceId',
                    lazy: page(
                      () => import('@/features/inventory-sources/routes/inventory-source-editor-page'),
                      (m) => m.InventorySourceEditorPage,
                    ),
                  },
                  {
                    path: '/inventory-sources/history/:id',
                    handle: DATA_PAGE,
                    lazy: runHistory('inventory'),
                  },
                  // Beyond the spec: the charts of docs/behaviour/inventory.md#charts.
                  {
                    path: '/inventory-sources/stock-history/:id',
                    lazy: page(
                      () => import('@/features/inventory-history/routes/stock-history-page'),
                      (m) => m.StockHistoryPage,
                    ),
                  },
                  {
                    path: '/inventory-sources/stock-history/:id/items/:itemNumber',
                    lazy: page(
                      () => import('@/features/inventory-history/routes/item-history-page'),
                      (m) => m.ItemHistoryPage,
                    ),
                  },
                  {
                    path: '/inventory-sources/manually-process/:id',
                    lazy: page(
                      () => import('@/features/inventory-processing/routes/manual-process-page'),
                      (m) => m.ManualProcessPage,
                    ),
                  },
                ],
              },
              {
                element: <RequirePermission permission="submissionUser" />,
                children: [
                  {
                    path: '/order-submission/sources',
                    handle: DATA_PAGE,
                    lazy: page(
                      () => import('@/features/order-submission/routes/submission-source-list-page'),
                      (m) => m.SubmissionSourceListPage,
                    ),
                  },
                  {
                    path: '/order-submission/sources/edit/:sourceId',
                    lazy: page(
                      () => import('@/features/order-submission/routes/submission-source-editor-page'),
                      (m) => m.SubmissionSourceEditorPage,
                    ),
                  },
                  {
                    path: '/order-submission/sources/history/:id',
                    handle: DATA_PAGE,
                    lazy: runHistory('order-submission'),
                  },
                  {
                    path: '/order-submission/vendor',
                    handle: DATA_PAGE,
                    lazy: page(
                      () => import('@/features/order-submission/routes/vendor-list-page'),
                      (m) => m.VendorListPage,
                    ),
                  },
                  {
                    path: '/order-submission/vendor/edit/:vendorId',
                    lazy: page(
                      () => import('@/features/order-submission/routes/vendor-editor-page'),
                      (m) => m.VendorEditorPage,
                    ),
                  },
                  {
                    path: '/order-submission/vendor/history/:id',
                    handle: DATA_PAGE,
                    lazy: runHistory('vendor'),
                  },
                ],
              },
              {
                element: <RequirePermission permission="orderUser" />,
                children: [
                  {
                    path: '/order-tracking',
                    handle: DATA_PAGE,
                    lazy: page(
                      () => import('@/features/order-tracking/routes/order-tracking-page'),
                      (m) => m.OrderTrackingPage,
                    ),
                  },
                  {
                    path: '/order-tracking/order/:orderId',
                    lazy: page(
                      () => import('@/features/order-tracking/routes/order-detail-page'),
                      (m) => m.OrderDetailPage,
                    ),
                  },
                ],
              },
              {
                element: <RequireAdmin />,
                children: [
                  {
                    path: '/admin',
                    lazy: page(
                      () => import('@/features/admin/routes/admin-dashboard-page'),
                      (m) => m.AdminDashboardPage,
                    ),
                  },
                  {
                    path: '/admin/audit',
                    lazy: page(
                      () => import('@/features/audit/routes/audit-page'),
                      (m) => m.AuditPage,
                    ),
                  },
                  {
                    path: '/admin/manage/users',
                    handle: DATA_PAGE,
                    lazy: page(
                      () => import('@/features/users/routes/user-list-page'),
                      (m) => m.UserListPage,
                    ),
                  },
                  {
                    path: '/admin/manage/users/edit/:userId',
                    lazy: page(
                      () => import('@/features/users/routes/user-editor-page'),
                      (m) => m.UserEditorPage,
                    ),
                  },
                  {
                    path: '/admin/webhooks',
                    handle: DATA_PAGE,
                    lazy: page(
                      () => import('@/features/webhooks/routes/webhook-list-page'),
                      (m) => m.WebhookListPage,
                    ),
                  },
                  {
                    path: '/admin/webhooks/edit/:webhookId',
                    lazy: page(
                      () => import('@/features/webhooks/routes/webhook-editor-page'),
                      (m) => m.WebhookEditorPage,
                    ),
                  },
                ],
              },
              {
                path: '*',
                lazy: page(
                  () => import('@/features/layout/routes/not-found-page'),
                  (m) => m.NotFoundPage,
                ),
              },
            ],
          },
        ],
      },
    ],
  },
]);
