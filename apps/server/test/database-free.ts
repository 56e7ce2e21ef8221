/**
 * Server test files that open no database, in-process or in a child process. The run on PostgreSQL
 * (TEST_DATABASE_URL) leaves them out: they already ran on PGlite and would test nothing new. A file that does
 * open one fails its run on PGlite while it is listed here (database-free-guard.ts), so a database test
 * cannot lose its PostgreSQL run by being listed by mistake; a file missing from the list only runs twice.
 * Paths are relative to the repository root.
 */
export const DATABASE_FREE_TESTS = [
  'apps/server/src/config/env.test.ts',
  'apps/server/src/integrations/browser/address-guard.test.ts',
  'apps/server/src/integrations/browser/download-order-files.test.ts',
  'apps/server/src/integrations/browser/guard-proxy.test.ts',
  'apps/server/src/integrations/browser/order-link.test.ts',
  'apps/server/src/integrations/browser/pdf.test.ts',
  'apps/server/src/integrations/connection-failure.test.ts',
  'apps/server/src/integrations/sftp.test.ts',
  'apps/server/src/integrations/spreadsheet/corpus.test.ts',
  'apps/server/src/integrations/spreadsheet/excel-cells.test.ts',
  'apps/server/src/integrations/spreadsheet/office-crypto.test.ts',
  'apps/server/src/integrations/spreadsheet/ooxml-sheet.test.ts',
  'apps/server/src/integrations/spreadsheet/parse-csv.test.ts',
  'apps/server/src/integrations/spreadsheet/parse-date.test.ts',
  'apps/server/src/integrations/spreadsheet/parse-table.test.ts',
  'apps/server/src/integrations/spreadsheet/read-table.test.ts',
  'apps/server/src/integrations/spreadsheet/zip-directory.test.ts',
  'apps/server/src/lib/progress.test.ts',
  'apps/server/src/lib/secrets.test.ts',
  'apps/server/src/lib/wildcard.test.ts',
  'apps/server/src/lib/worker-entry.test.ts',
  'apps/server/src/modules/audit/audit-diff.test.ts',
  'apps/server/src/modules/intake/inbound-files.test.ts',
  'apps/server/src/modules/intake/mail-matching.test.ts',
  'apps/server/src/modules/intake/source-from-message.test.ts',
  'apps/server/src/modules/intake/mime/headers.test.ts',
  'apps/server/src/modules/intake/mime/prepare-mail.test.ts',
  'apps/server/src/modules/intake/mime/tnef.test.ts',
  'apps/server/src/modules/inventory-processing/decide-items.test.ts',
  'apps/server/src/modules/inventory-processing/formats.test.ts',
  'apps/server/src/modules/inventory-processing/predictive.test.ts',
  'apps/server/src/modules/inventory-processing/run-report.test.ts',
  'apps/server/src/modules/inventory-processing/state-changes.test.ts',
  'apps/server/src/modules/inventory-sources/activated-item-list.test.ts',
  'apps/server/src/modules/mapping-suggestions/column-profile.test.ts',
  'apps/server/src/modules/mapping-suggestions/evidence.test.ts',
  'apps/server/src/modules/mapping-suggestions/header-row.test.ts',
  'apps/server/src/modules/mapping-suggestions/header-words.test.ts',
  'apps/server/src/modules/mapping-suggestions/learned-evidence.test.ts',
  'apps/server/src/modules/mapping-suggestions/read-sample.test.ts',
  'apps/server/src/modules/mapping-suggestions/suggest-mapping.test.ts',
  'apps/server/src/modules/notifications/digest-activity.test.ts',
  'apps/server/src/modules/notifications/schedule.test.ts',
  'apps/server/src/modules/order-submission/engine/order-file.test.ts',
  'apps/server/src/modules/order-submission/engine/vendor-file.test.ts',
  'apps/server/src/modules/order-tracking-ingestion/map-rows.test.ts',
  'packages/contracts/src/operator-pattern.test.ts',
  'packages/contracts/src/tracking-numbers/recognise.test.ts',
];

/**
 * Server test files that start a PostgreSQL server of their own (test-servers/postgres.ts) to stop, restart and
 * cut it off: they do not depend on TEST_DATABASE_URL, so the run on PostgreSQL leaves them out too.
 */
export const OWN_DATABASE_SERVER_TESTS = [
  'apps/server/src/modules/operations/database-faults.test.ts',
  'packages/db/src/client-faults.test.ts',
];
