import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer: callers always get a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    // Null until the user sets a password through the e-mailed link.
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    inventoryUser: boolean('inventory_user').notNull().default(false),
    orderUser: boolean('order_user').notNull().default(true),
    submissionUser: boolean('submission_user').notNull().default(false),
    sendNotificationsToEmail: boolean('send_notifications_to_email').notNull().default(false),
    activeStatus: boolean('active_status').notNull().default(false),
    debugMode: boolean('debug_mode').notNull().default(false),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdOn: createdAt(),
  },
  (t) => [uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`)],
);

/** Refresh tokens, stored hashed. A family is one sign-in; rotation keeps the family, reuse revokes it. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * Personal API tokens (docs/behaviour/api-tokens.md). `public_id` is the token's visible part (`iot_<public_id>_…`),
 * which finds the row; only the SHA-256 of the whole token is kept. Revoked rows stay for the record.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').notNull(),
    publicId: text('public_id').notNull().unique(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Counters shared by every app instance: the login backoff (per account and address, per account, per
 * address) and the password-reset limits. `failures` counts within the window that started at
 * `window_started_at`; `locked_until` is the backoff it earned (docs/decisions/0004-login-throttle.md).
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Addresses a user has signed in from: they are not held back by failures made from other addresses. */
export const loginKnownAddresses = pgTable(
  'login_known_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

export const orderTrackingViewSettings = pgTable('order_tracking_view_settings', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabledColumns: jsonb('enabled_columns').$type<Record<string, boolean>>().notNull(),
  /** The grid's column ids in screen order; [] for the spec's order (docs/behaviour/order-tracking.md#column-order). */
  columnOrder: jsonb('column_order').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per intake or processing step (docs/behaviour/runs-and-history.md#runs). Home's statistics read the order tracking
 * runs of the past 24 hours from here.
 */
export const runs = pgTable(
  'runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sourceType: text('source_type').notNull(),
    sourceId: integer('source_id'),
    sourceName: text('source_name').notNull(),
    trigger: text('trigger').notNull(),
    status: text('status').notNull(),
    fileName: text('file_name'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ordersUpdated: integer('orders_updated').notNull().default(0),
    ordersDeleted: integer('orders_deleted').notNull().default(0),
    message: text('message'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** The file the run read (kept for RUN_FILE_RETENTION_DAYS) and the file it produced, if any. */
    inputFileId: bigint('input_file_id', { mode: 'number' }),
    outputFileId: bigint('output_file_id', { mode: 'number' }),
    inboundMessageId: bigint('inbound_message_id', { mode: 'number' }),
    /** Set on a run started by "re-process": the run whose input it read again. */
    reprocessOfRunId: bigint('reprocess_of_run_id', { mode: 'number' }),
  },
  (t) => [
    index('runs_source_idx').on(t.sourceType, t.sourceId, t.startedAt),
    index('runs_finished_idx').on(t.sourceType, t.finishedAt),
  ],
);

/** File contents kept in the database: sample files, templates, run inputs and outputs. */
export const storedFiles = pgTable('stored_files', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});

export const emailSources = pgTable('email_sources', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  /** AES-256-GCM ciphertext of the mailbox password or MSAL client secret; never sent to the browser. */
  passwordEncrypted: text('password_encrypted'),
  incomingServer: text('incoming_server').notNull().default(''),
  outgoingServer: text('outgoing_server').notNull().default(''),
  incomingPort: integer('incoming_port'),
  outgoingPort: integer('outgoing_port'),
  ssl: boolean('ssl').notNull().default(true),
  isMsal: boolean('is_msal').notNull().default(false),
  msalClientId: text('msal_client_id').notNull().default(''),
  msalTenantId: text('msal_tenant_id').notNull().default(''),
  activeStatus: boolean('active_status').notNull().default(true),
  /**
   * Delegated sign-in (docs/behaviour/sources.md#mailbox-sign-in): 'microsoft' or 'google' while the source
   * signs in with that provider's tokens instead of its password or MSAL app; the signed-in address, the
   * sealed refresh token and the current access token (shared by every instance until it nearly expires),
   * and when the provider refused the refresh token ("Sign-in expired").
   */
  oauthProvider: text('oauth_provider'),
  oauthAccount: text('oauth_account').notNull().default(''),
  oauthRefreshEncrypted: text('oauth_refresh_encrypted'),
  oauthAccessEncrypted: text('oauth_access_encrypted'),
  oauthAccessExpiresAt: timestamp('oauth_access_expires_at', { withTimezone: true }),
  oauthExpiredAt: timestamp('oauth_expired_at', { withTimezone: true }),
  /** Until when one instance holds the right to refresh the access token (docs/decisions/0022). */
  oauthRefreshLeaseUntil: timestamp('oauth_refresh_lease_until', { withTimezone: true }),
  lastPollAt: timestamp('last_poll_at', { withTimezone: true }),
  lastPollSucceededAt: timestamp('last_poll_succeeded_at', { withTimezone: true }),
  lastPollError: text('last_poll_error'),
  lastPollErrorAt: timestamp('last_poll_error_at', { withTimezone: true }),
  /**
   * The mailbox's server failing (docs/behaviour/mail-intake.md#back-off): scheduled polls failed in a row
   * since the last success, which spaces the next one out, and when this outage's one error alert went out.
   */
  pollFailures: integer('poll_failures').notNull().default(0),
  pollOutageAlertedAt: timestamp('poll_outage_alerted_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The columns of a source that reads its files from a mailbox: its name, and the rule that recognises its
 * files (docs/behaviour/sources.md#matching-fields). A function: each table needs its own column builders.
 */
function mailRuleColumns() {
  return {
    id: serial('id').primaryKey(),
    sourceName: text('source_name').notNull(),
    emailSourceId: integer('email_source_id').references(() => emailSources.id, { onDelete: 'set null' }),
    fileType: text('file_type').notNull(),
    /** The text encoding of the source's CSV files when it is pinned (WHATWG name); '' reads it from the bytes. */
    textEncoding: text('text_encoding').notNull().default(''),
    fromEmail: text('from_email').notNull(),
    subjectValue: text('subject_value').notNull(),
    containsNotExact: boolean('contains_not_exact').notNull().default(false),
    expectedAttachmentCount: integer('expected_attachment_count'),
    attachmentName: text('attachment_name').notNull(),
  };
}

export const orderTrackingSources = pgTable('order_tracking_sources', {
  ...mailRuleColumns(),
  columnsToIgnore: text('columns_to_ignore').notNull().default(''),
  secondaryDelimiter: text('secondary_delimiter').notNull().default(''),
  uniqueColumn: text('unique_column').notNull(),
  deleteAfterDays: integer('delete_after_days'),
  headerRowIndex: integer('header_row_index'),
  fileHasHeader: boolean('file_has_header').notNull().default(true),
  activeStatus: boolean('active_status').notNull().default(true),
  deletedStatus: boolean('deleted_status').notNull().default(false),
  columnMapping: jsonb('column_mapping').$type<Record<string, string>>().notNull(),
  /** The header row of the last file that imported cleanly, to report header drift (docs/behaviour/runs-and-history.md#header-drift). */
  lastGoodHeaders: jsonb('last_good_headers').$type<string[]>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const inventorySources = pgTable('inventory_sources', {
  ...mailRuleColumns(),
  daysUntilNoUpdateNotification: integer('days_until_no_update_notification'),
  itemNumberColumnName: text('item_number_column_name').notNull(),
  qtyColumnName: text('qty_column_name').notNull(),
  statusSupersedesQuantity: boolean('status_supersedes_quantity').notNull().default(false),
  statusAvailableList: text('status_available_list').notNull().default(''),
  statusOutOfStockList: text('status_out_of_stock_list').notNull().default(''),
  itemStatusColumnName: text('item_status_column_name').notNull().default(''),
  minItemsToBeActive: integer('min_items_to_be_active'),
  fileHasHeader: boolean('file_has_header').notNull().default(true),
  stripLeadingZeroes: boolean('strip_leading_zeroes').notNull().default(false),
  usesPredictiveAlgorithm: boolean('uses_predictive_algorithm').notNull().default(false),
  lookbackDays: integer('lookback_days'),
  minDataPoints: integer('min_data_points'),
  safetyMultiplier: doublePrecision('safety_multiplier'),
  safetyPadding: integer('safety_padding'),
  largeDropThreshold: integer('large_drop_threshold'),
  largeDropMultiplier: doublePrecision('large_drop_multiplier'),
  sftpServerAddress: text('sftp_server_address').notNull().default(''),
  sftpPort: integer('sftp_port'),
  sftpUsername: text('sftp_username').notNull().default(''),
  sftpPasswordEncrypted: text('sftp_password_encrypted'),
  /**
   * The SFTP server's host key (SHA256 fingerprint, as OpenSSH prints it), recorded at the first successful
   * connection; connections presenting another key are refused. A changed server address or port clears it.
   */
  sftpHostKey: text('sftp_host_key'),
  sftpHostKeyRecordedAt: timestamp('sftp_host_key_recorded_at', { withTimezone: true }),
  /** A different key the server presented since (those connections were refused), until a user accepts it. */
  sftpHostKeyPresented: text('sftp_host_key_presented'),
  sftpHostKeyPresentedAt: timestamp('sftp_host_key_presented_at', { withTimezone: true }),
  sftpInboundFolder: text('sftp_inbound_folder').notNull().default(''),
  sftpOutboundFolder: text('sftp_outbound_folder').notNull().default(''),
  driftGuardPercent: integer('drift_guard_percent').notNull().default(50),
  lastGoodHeaders: jsonb('last_good_headers').$type<string[]>(),
  activeStatus: boolean('active_status').notNull().default(true),
  /** Soft delete: runs and snapshots keep pointing at the source. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  // fileData: the retailer's own feed format (docs/behaviour/sources.md#sample-file)
  sampleFileId: bigint('sample_file_id', { mode: 'number' }).references(() => storedFiles.id),
  userActivatedItemNumbers: text('user_activated_item_numbers').notNull().default(''),
  fileDataActiveStatus: boolean('file_data_active_status').notNull().default(true),
  outputHeaderRowIndex: integer('output_header_row_index'),
  outputFileHasHeader: boolean('output_file_has_header').notNull().default(true),
  outputItemNumberColumnName: text('output_item_number_column_name').notNull().default(''),
  outputItemStatusColumnName: text('output_item_status_column_name').notNull().default(''),
  outputItemStatusDateColumnName: text('output_item_status_date_column_name').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Sortable order columns that carry a (column, id) index over live orders: [index name part, column,
 * columns carried after the key (the role of INCLUDE, which Drizzle cannot declare)].
 */
export const ORDER_SORT_INDEXES = [
  ['last_updated', 'lastUpdated'],
  ['order_date', 'orderDate'],
  ['shipped_date', 'shippedDate'],
  ['eta', 'estimatedArrivalDate'],
  ['po_number', 'customerPoNumber'],
  ['item_number', 'itemNumber'],
  ['ship_to', 'shipToName'],
  // Suppliers and brands are a few dozen values, so sorting on them and then on a date sorts thousands of
  // rows per value: the dates ride along in the index so that needs no table rows. The supplier index also
  // carries the brand, so that supplier-and-brand counts are index-only too.
  ['supplier', 'supplierName', ['orderDate', 'lastUpdated', 'brandName']],
  ['brand', 'brandName', ['orderDate', 'lastUpdated']],
  ['customer_name', 'customerName'],
  ['source', 'orderTrackingSourceId'],
] as const;

/**
 * The trigram (search) indexes keep up to 64 MB of new entries in their pending list and take them in
 * bulk: a 100,000-row import reaches its target speed only so. The import merges the lists after its
 * commit (order-tracking-ingestion/search-indexes-repository.ts), so searches never scan a long list.
 */
const GIN_PENDING_LIST_KB = 65_536;

/**
 * Tracked order lines (docs/design/data-model.md#orders), written by order tracking ingestion and annotated by staff. The six
 * searchable fields carry trigram indexes so "contains" searches stay fast at a million rows.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderTrackingSourceId: integer('order_tracking_source_id').references(() => orderTrackingSources.id),
    /** The source's unique column value: ingestion upserts on (source, key). */
    uniqueKey: text('unique_key'),
    accountNumber: text('account_number'),
    brandName: text('brand_name'),
    customerName: text('customer_name'),
    customerNumber: text('customer_number'),
    customerPoNumber: text('customer_po_number'),
    documentNumber: text('document_number'),
    estimatedArrivalDate: date('estimated_arrival_date'),
    itemNumber: text('item_number'),
    itemStatus: text('item_status'),
    lineStatus: text('line_status'),
    notes: text('notes'),
    orderDate: date('order_date'),
    poDate: date('po_date'),
    qty: doublePrecision('qty'),
    qtyFulfilled: doublePrecision('qty_fulfilled'),
    shipToName: text('ship_to_name'),
    shippedDate: date('shipped_date'),
    supplierName: text('supplier_name'),
    supplierOrderStatus: text('supplier_order_status'),
    shippingCompany: text('shipping_company'),
    wildcard1: text('wildcard1'),
    wildcard2: text('wildcard2'),
    activeStatus: boolean('active_status').notNull().default(true),
    deletedStatus: boolean('deleted_status').notNull().default(false),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_source_key_idx').on(t.orderTrackingSourceId, t.uniqueKey),
    index('orders_po_trgm_idx')
      .using('gin', sql`${t.customerPoNumber} gin_trgm_ops`)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB }),
    index('orders_item_trgm_idx')
      .using('gin', sql`${t.itemNumber} gin_trgm_ops`)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB }),
    index('orders_ship_to_trgm_idx')
      .using('gin', sql`${t.shipToName} gin_trgm_ops`)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB }),
    index('orders_supplier_trgm_idx')
      .using('gin', sql`${t.supplierName} gin_trgm_ops`)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB }),
    index('orders_brand_trgm_idx')
      .using('gin', sql`${t.brandName} gin_trgm_ops`)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB }),
    index('orders_live_id_idx').on(t.id).where(sql`${t.deletedStatus} = false`),
    // Live orders only (the stale-order delete and the shipment figures ask for no others). A full index led
    // by the source let the planner answer an import's key lookups by walking every order of the source
    // (migration 0030, docs/design/order-ingest.md).
    index('orders_source_updated_idx')
      .on(t.orderTrackingSourceId, t.lastUpdated)
      .where(sql`${t.deletedStatus} = false`),
    // The grid's usual sort columns, each with id as tiebreaker, over live orders only: a page in any of
    // these orders (either direction) is an index walk, and they also serve exact counts and distinct-value
    // lookups as index-only scans. Rarely sorted columns (statuses, account/customer/document numbers, PO
    // date, notes, quantities, wildcards) have none: sorting a million rows on them is a full sort.
    ...ORDER_SORT_INDEXES.map(([name, column, covered]) =>
      index(`orders_sort_${name}_idx`)
        .on(t[column], t.id, ...(covered ?? []).map((extra) => t[extra]))
        .where(sql`${t.deletedStatus} = false`),
    ),
  ],
);

/**
 * The number of live (not deleted) orders, kept exact by triggers on `orders` (migration
 * 0005_order_live_count_triggers), so the unfiltered grid never runs count(*) over a million rows. The
 * count is the sum over slots; each connection writes to its own slot, so concurrent imports do not
 * queue on one row.
 */
export const orderLiveCounts = pgTable('order_live_counts', {
  slot: integer('slot').primaryKey(),
  live: bigint('live', { mode: 'number' }).notNull().default(0),
});

export const orderTrackingNumbers = pgTable(
  'order_tracking_numbers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    trackingNumber: text('tracking_number').notNull(),
    // The carrier recogniser's answer (docs/behaviour/order-tracking.md#carriers), stored so the grid, the
    // export and the digests read it instead of recomputing it. check_digit null: not recognised yet (rows
    // from before migration 0022, filled in by the carrier backfill job).
    carrier: text('carrier'),
    carrierName: text('carrier_name'),
    carrierService: text('carrier_service'),
    checkDigit: text('check_digit').$type<'valid' | 'invalid' | 'none'>(),
    trackingUrl: text('tracking_url'),
  },
  (t) => [
    uniqueIndex('order_tracking_numbers_order_number_idx').on(t.orderId, t.trackingNumber),
    index('order_tracking_numbers_unrecognised_idx').on(t.id).where(sql`${t.checkDigit} is null`),
    index('order_tracking_numbers_trgm_idx')
      .using('gin', sql`${t.trackingNumber} gin_trgm_ops`)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB }),
  ],
);

/**
 * Where each mailbox's reading stands (docs/design/mail-intake-exactly-once.md): the UIDVALIDITY and highest UID handled, and a lease
 * so that only one app instance polls a mailbox at a time (a lease, not a lock: PGlite has one connection
 * and a poll may take minutes).
 */
export const mailboxStates = pgTable('mailbox_states', {
  emailSourceId: integer('email_source_id')
    .primaryKey()
    .references(() => emailSources.id, { onDelete: 'cascade' }),
  uidValidity: bigint('uid_validity', { mode: 'number' }),
  lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** The instance that keeps the IMAP IDLE connection of this mailbox, and until when (renewed). */
  watcherOwner: text('watcher_owner'),
  watcherUntil: timestamp('watcher_until', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** One row per message read from a mailbox, written before or with its work, so none is handled twice. */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    emailSourceId: integer('email_source_id')
      .notNull()
      .references(() => emailSources.id, { onDelete: 'cascade' }),
    uidValidity: bigint('uid_validity', { mode: 'number' }).notNull(),
    uid: bigint('uid', { mode: 'number' }).notNull(),
    messageIdHash: text('message_id_hash').notNull(),
    fromAddress: text('from_address'),
    subject: text('subject'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    attachmentCount: integer('attachment_count').notNull().default(0),
    /** processed | ignored | failed */
    status: text('status').notNull(),
    message: text('message'),
    /** The original message (raw MIME), kept for forwarding and re-processing. */
    rawFileId: bigint('raw_file_id', { mode: 'number' }).references(() => storedFiles.id),
    /**
     * Set in the transaction that handled the message when it must be flagged \Seen, cleared once the
     * IMAP STORE succeeded: a STORE lost to a dropped connection is retried by the next poll.
     */
    needsSeenFlag: boolean('needs_seen_flag').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('inbound_messages_uid_idx').on(t.emailSourceId, t.uidValidity, t.uid),
    index('inbound_messages_message_id_idx').on(t.emailSourceId, t.messageIdHash),
    index('inbound_messages_seen_pending_idx')
      .on(t.emailSourceId, t.uidValidity)
      .where(sql`${t.needsSeenFlag}`),
  ],
);

/**
 * The mailbox ledger (docs/behaviour/mail-intake.md#the-mailbox-ledger): one entry per message intake saw, written in
 * the transaction that recorded its inbound_messages row, with the outcome, the reason and what the one
 * matching decision said for each source bound to the mailbox. Kept as long as that row (it cascades).
 */
export const mailLedgerEntries = pgTable(
  'mail_ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    emailSourceId: integer('email_source_id')
      .notNull()
      .references(() => emailSources.id, { onDelete: 'cascade' }),
    inboundMessageId: bigint('inbound_message_id', { mode: 'number' })
      .notNull()
      .references(() => inboundMessages.id, { onDelete: 'cascade' }),
    uid: bigint('uid', { mode: 'number' }).notNull(),
    /** The message's arrival (INTERNALDATE, else its Date header, else when intake saw it): the page order. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    fromAddress: text('from_address'),
    subject: text('subject'),
    /** Name, size and type of each file; empty for a message intake did not read (no source expects its sender). */
    attachments: jsonb('attachments')
      .$type<Array<{ fileName: string; size: number; contentType: string }>>()
      .notNull()
      .default([]),
    /** processed | unmatched | ignored | failed | pending */
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull(),
    /** Per bound source: sourceType, sourceId, sourceName, matched, failedRule, detail, runId. */
    evaluations: jsonb('evaluations')
      .$type<
        Array<{
          sourceType: string;
          sourceId: number;
          sourceName: string;
          matched: boolean;
          failedRule: string | null;
          detail: string;
          runId: number | null;
        }>
      >()
      .notNull()
      .default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_ledger_entries_inbound_idx').on(t.inboundMessageId),
    // Keyset paging newest first, with and without the outcome filter: read backwards, these give exactly
    // ORDER BY received_at DESC, id DESC (a DESC NULLS LAST index would not).
    index('mail_ledger_entries_page_idx').on(t.emailSourceId, t.receivedAt, t.id),
    index('mail_ledger_entries_outcome_idx').on(t.emailSourceId, t.outcome, t.receivedAt, t.id),
    // The page's search (`q`: part of the sender or the subject, ILIKE '%…%'): trigram indexes, as the order
    // grid's search has, so a search finds its rows without reading the mailbox's whole ledger. Entries come a
    // few per poll, so each goes into the index at once (no pending list a search would read row by row).
    index('mail_ledger_entries_from_trgm_idx')
      .using('gin', sql`${t.fromAddress} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('mail_ledger_entries_subject_trgm_idx')
      .using('gin', sql`${t.subject} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * SFTP intake of inventory sources (docs/behaviour/inventory.md#sftp-intake): when each source's inbound folder was last polled and the
 * last error, so the poll dispatcher knows what is due and a silently failing server is visible.
 */
export const inventorySftpStates = pgTable('inventory_sftp_states', {
  sourceId: integer('source_id')
    .primaryKey()
    .references(() => inventorySources.id, { onDelete: 'cascade' }),
  lastPollAt: timestamp('last_poll_at', { withTimezone: true }),
  lastPollSucceededAt: timestamp('last_poll_succeeded_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});

/**
 * Every remote file SFTP intake handed to the inventory processor, written in the same transaction as its
 * run: a crash between that commit and the move to processed/ leaves the file in place, and the next poll
 * only moves it. Name, size and modification time together identify one upload of a file.
 */
export const inventorySftpFiles = pgTable(
  'inventory_sftp_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => inventorySources.id, { onDelete: 'cascade' }),
    remotePath: text('remote_path').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull(),
    runId: bigint('run_id', { mode: 'number' }),
    /** Where the file was moved to; null until the move succeeded. */
    movedTo: text('moved_to'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('inventory_sftp_files_identity_idx').on(t.sourceId, t.remotePath, t.size, t.modifiedAt),
  ],
);

/**
 * One quantity per supplier item per inventory run (docs/behaviour/inventory.md#predictive-algorithm), the history the predictive algorithm reads.
 * Item numbers are normalised (trimmed, upper-cased, leading zeros stripped when the source says so). A held
 * run's snapshots count once it is approved and are deleted when it is discarded. No foreign keys: a run
 * writes up to hundreds of thousands of rows at once, and sources and runs are never hard-deleted.
 */
export const inventoryItemSnapshots = pgTable(
  'inventory_item_snapshots',
  {
    sourceId: integer('source_id').notNull(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    itemNumber: text('item_number').notNull(),
    quantity: doublePrecision('quantity').notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // (source, item, time) for an item's history; run and quantity ride along so that the predictive window
    // of 50,000 items is an index-only scan instead of 1.5 million random heap reads.
    index('inventory_item_snapshots_item_idx').on(
      t.sourceId,
      t.itemNumber,
      t.capturedAt,
      t.runId,
      t.quantity,
    ),
    index('inventory_item_snapshots_run_idx').on(t.runId),
  ],
);

/**
 * The current status of each user-activated item of an inventory source, as last delivered: the drift guard
 * compares a new run with it, and digests read status changes from it (`status_since`).
 */
export const inventoryItemStates = pgTable(
  'inventory_item_states',
  {
    sourceId: integer('source_id').notNull(),
    itemNumber: text('item_number').notNull(),
    /** 'Active' | 'Inactive' */
    status: text('status').notNull(),
    statusSince: timestamp('status_since', { withTimezone: true }).notNull(),
    /** Null when the item was missing from the supplier file. */
    lastQuantity: doublePrecision('last_quantity'),
    /** The run that last changed the status or the quantity. */
    lastRunId: bigint('last_run_id', { mode: 'number' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.sourceId, t.itemNumber] })],
);

// ---------------------------------------------------------------------------------------------------------
// Notification settings (docs/design/data-model.md#sources, docs/behaviour/notifications.md)
// ---------------------------------------------------------------------------------------------------------

/**
 * A scheduled digest per source type. `source_ids` lists the included sources of that type (empty = all of
 * them). `next_run_at` is recomputed on every save (null when disabled or interval None), so the scheduler
 * only has to pick rows whose time has come.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** 1 Inventory, 2 OrderSubmission, 3 OrderTracking, 4 OrderVendor */
    sourceTypeId: integer('source_type_id').notNull(),
    sourceIds: jsonb('source_ids').$type<number[]>().notNull().default([]),
    notificationEnabled: boolean('notification_enabled').notNull().default(false),
    /** 'Daily' | 'Weekly' | 'Monthly' | 'Custom' | 'None' */
    notificationInterval: text('notification_interval').notNull().default('Weekly'),
    /** 1 Monday to 7 Sunday, or null */
    notificationDayOfWeek: integer('notification_day_of_week'),
    cronExpression: text('cron_expression').notNull().default(''),
    includeStatusChanges: boolean('include_status_changes').notNull().default(true),
    includeQuantityChanges: boolean('include_quantity_changes').notNull().default(true),
    includeZeroQuantityAlerts: boolean('include_zero_quantity_alerts').notNull().default(false),
    includeDailyBreakdown: boolean('include_daily_breakdown').notNull().default(true),
    includeItemDetails: boolean('include_item_details').notNull().default(true),
    includeErrorAlerts: boolean('include_error_alerts').notNull().default(true),
    includeSuccessAlerts: boolean('include_success_alerts').notNull().default(true),
    overrideEmailRecipients: text('override_email_recipients').notNull().default(''),
    emailSubjectPrefix: text('email_subject_prefix').notNull().default(''),
    consolidatedEmail: boolean('consolidated_email').notNull().default(false),
    lastNotificationSent: timestamp('last_notification_sent', { withTimezone: true }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notification_settings_next_run_idx').on(t.nextRunAt)],
);

// ---------------------------------------------------------------------------------------------------------
// Order submission (docs/design/data-model.md#sources; docs/behaviour/order-submission.md)
// ---------------------------------------------------------------------------------------------------------

export const orderSubmissionSources = pgTable('order_submission_sources', {
  id: serial('id').primaryKey(),
  sourceName: text('source_name').notNull(),
  emailSourceId: integer('email_source_id').references(() => emailSources.id, { onDelete: 'set null' }),
  fileType: text('file_type').notNull().default(''),
  /** The text encoding of the source's CSV files when it is pinned (WHATWG name); '' reads it from the bytes. */
  textEncoding: text('text_encoding').notNull().default(''),
  fromEmail: text('from_email').notNull(),
  subjectValue: text('subject_value').notNull(),
  containsNotExact: boolean('contains_not_exact').notNull().default(false),
  expectedAttachmentCount: integer('expected_attachment_count').notNull().default(1),
  expectedNumberOfBatchEmails: integer('expected_number_of_batch_emails').notNull().default(1),
  attachmentName: text('attachment_name').notNull().default(''),
  noAttachmentsNeedsLinkClick: boolean('no_attachments_needs_link_click').notNull().default(false),
  ordersAreAllQuantityOne: boolean('orders_are_all_quantity_one').notNull().default(false),
  linkClickPreceededByText: text('link_click_preceeded_by_text').notNull().default(''),
  linkClickAlwaysContainsText: text('link_click_always_contains_text').notNull().default(''),
  downloadSpreadsheet: boolean('download_spreadsheet').notNull().default(true),
  downloadPdf: boolean('download_pdf').notNull().default(true),
  spreadsheetDownloadButtonText: text('spreadsheet_download_button_text').notNull().default(''),
  pdfDownloadButtonText: text('pdf_download_button_text').notNull().default(''),
  spreadsheetType: text('spreadsheet_type').notNull().default(''),
  spreadsheetDownloadName: text('spreadsheet_download_name').notNull().default(''),
  pdfDownloadName: text('pdf_download_name').notNull().default(''),
  activeStatus: boolean('active_status').notNull().default(true),
  /** Soft delete: runs keep pointing at the source. */
  deletedStatus: boolean('deleted_status').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A vendor's submission rules. Deleting is soft (runs keep their vendor), so the unique name covers only
 * live vendors: a deleted vendor's name can be given to a new one.
 */
export const orderVendorSources = pgTable(
  'order_vendor_sources',
  {
    id: serial('id').primaryKey(),
    orderSubmissionSourceId: integer('order_submission_source_id').references(
      () => orderSubmissionSources.id,
      { onDelete: 'set null' },
    ),
    vendorNameFromFile: text('vendor_name_from_file').notNull(),
    sendFromEmailSourceId: integer('send_from_email_source_id').references(() => emailSources.id, {
      onDelete: 'set null',
    }),
    submitEmails: text('submit_emails').notNull(),
    submitCcEmails: text('submit_cc_emails').notNull().default(''),
    submitBccEmails: text('submit_bcc_emails').notNull().default(''),
    submitEmailSubjectLine: text('submit_email_subject_line').notNull(),
    submitEmailBodyText: text('submit_email_body_text').notNull().default(''),
    vendorProvidedAccountNumber: text('vendor_provided_account_number').notNull().default(''),
    vendorWantsTrimmedItemDescription: boolean('vendor_wants_trimmed_item_description')
      .notNull()
      .default(false),
    vendorRegexForItemDescription: text('vendor_regex_for_item_description').notNull().default(''),
    vendorWantsNonDailySubmission: boolean('vendor_wants_non_daily_submission').notNull().default(false),
    vendorCustomSubmitEveryXDay: integer('vendor_custom_submit_every_x_day'),
    vendorWantsAllAlignedLeft: boolean('vendor_wants_all_aligned_left').notNull().default(false),
    vendorWantsPdf: boolean('vendor_wants_pdf').notNull().default(false),
    vendorWantsSpreadsheet: boolean('vendor_wants_spreadsheet').notNull().default(true),
    vendorWantsForwardedEmail: boolean('vendor_wants_forwarded_email').notNull().default(false),
    vendorWantsAllData: boolean('vendor_wants_all_data').notNull().default(false),
    submitFileHeaderRowIndex: integer('submit_file_header_row_index').notNull().default(0),
    submitFileTemplateId: bigint('submit_file_template_id', { mode: 'number' }).references(
      () => storedFiles.id,
    ),
    submitFileTemplateFileName: text('submit_file_template_file_name').notNull().default(''),
    /** The map* fields and staticFileData1..5 / mapStaticFileData1..5, keyed by their contract names. */
    fieldMapping: jsonb('field_mapping').$type<Record<string, string>>().notNull(),
    /** When a non-daily vendor was last sent its accumulated orders. */
    lastSubmittedAt: timestamp('last_submitted_at', { withTimezone: true }),
    activeStatus: boolean('active_status').notNull().default(true),
    deletedStatus: boolean('deleted_status').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_vendor_sources_vendor_name_unique')
      .on(sql`lower(${t.vendorNameFromFile})`)
      .where(sql`${t.deletedStatus} = false`),
    index('order_vendor_sources_submission_source_idx').on(t.orderSubmissionSourceId),
  ],
);

export const orderVendorAliases = pgTable(
  'order_vendor_aliases',
  {
    id: serial('id').primaryKey(),
    parentVendorSourceId: integer('parent_vendor_source_id')
      .notNull()
      .references(() => orderVendorSources.id, { onDelete: 'cascade' }),
    vendorAliasNameFromFile: text('vendor_alias_name_from_file').notNull(),
    vendorProvidedAccountNumber: text('vendor_provided_account_number').notNull().default(''),
    activeStatus: boolean('active_status').notNull().default(true),
    deletedStatus: boolean('deleted_status').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_vendor_aliases_parent_idx').on(t.parentVendorSourceId)],
);

// ---------------------------------------------------------------------------------------------------------
// Order submission engine (docs/behaviour/order-submission.md; apps/server/src/modules/order-submission/engine)
// ---------------------------------------------------------------------------------------------------------

/**
 * Order e-mails (or order files) of a submission source that together make one submission: as many as the
 * source's expectedNumberOfBatchEmails arrived on one day, or what arrived by the end of the day (late).
 * waiting: complete, its lines not yet given to the vendors; sending: lines given to vendors, their
 * submissions under way (claimed_at tells a crashed instance's batch from a running one); done; failed.
 */
export const submissionBatches = pgTable(
  'submission_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderSubmissionSourceId: integer('order_submission_source_id')
      .notNull()
      .references(() => orderSubmissionSources.id, { onDelete: 'cascade' }),
    /** The day (server's local calendar, from the app clock) its e-mails arrived. */
    batchDay: date('batch_day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    /** Completed by the due-work job after its day ended, with fewer e-mails than expected. */
    late: boolean('late').notNull().default(false),
    trigger: text('trigger').notNull(),
    /** The source's run for this batch (per vendor counts, unknown vendors). */
    runId: bigint('run_id', { mode: 'number' }).references(() => runs.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('submission_batches_open_idx')
      .on(t.status, t.claimedAt)
      .where(sql`${t.status} in ('waiting', 'sending')`),
  ],
);

/**
 * One order e-mail (or re-processed order file) of a submission source. Recorded in the intake
 * transaction; everything slow (following the order link, building and sending vendor files) happens
 * after the commit, claimed by status: waiting → processing (claimed_at) → ready (its order file is in
 * hand, waiting for the rest of its batch) → batched; or failed. Its files are kept for forwarding and
 * for the vendors' PDFs.
 */
export const submissionOrderEmails = pgTable(
  'submission_order_emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderSubmissionSourceId: integer('order_submission_source_id')
      .notNull()
      .references(() => orderSubmissionSources.id, { onDelete: 'cascade' }),
    inboundMessageId: bigint('inbound_message_id', { mode: 'number' }).references(() => inboundMessages.id, {
      onDelete: 'set null',
    }),
    /** The source's run for this e-mail's intake. */
    intakeRunId: bigint('intake_run_id', { mode: 'number' }).references(() => runs.id),
    trigger: text('trigger').notNull(),
    /** App clock time of intake; batch_day is its day. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    batchDay: date('batch_day', { mode: 'string' }).notNull(),
    subject: text('subject').notNull().default(''),
    textBody: text('text_body').notNull().default(''),
    htmlBody: text('html_body').notNull().default(''),
    /** The original message (.eml), forwarded to vendors that want it. */
    rawFileId: bigint('raw_file_id', { mode: 'number' }).references(() => storedFiles.id),
    orderFileId: bigint('order_file_id', { mode: 'number' }).references(() => storedFiles.id),
    orderFileName: text('order_file_name'),
    /** The PDF the order link gave, attached for vendors that want a PDF. */
    pdfFileId: bigint('pdf_file_id', { mode: 'number' }).references(() => storedFiles.id),
    /** The order file's header row, for vendors that want all data. */
    orderFileHeaders: jsonb('order_file_headers').$type<string[]>(),
    status: text('status').notNull(),
    message: text('message'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    batchId: bigint('batch_id', { mode: 'number' }).references(() => submissionBatches.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('submission_order_emails_open_idx')
      .on(t.orderSubmissionSourceId, t.batchDay)
      .where(sql`${t.status} in ('waiting', 'processing', 'ready')`),
    index('submission_order_emails_batch_idx').on(t.batchId),
  ],
);

/**
 * The order lines a vendor is to receive: run_id null while waiting (a non-daily vendor's accumulation, or
 * the moment between grouping and sending); set, in one statement that claims them, by the vendor run that
 * sends them, so that no line is ever sent twice.
 */
export const submissionVendorLines = pgTable(
  'submission_vendor_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => orderVendorSources.id, { onDelete: 'cascade' }),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => submissionBatches.id, { onDelete: 'cascade' }),
    emailId: bigint('email_id', { mode: 'number' })
      .notNull()
      .references(() => submissionOrderEmails.id, { onDelete: 'cascade' }),
    /** The order line as read: its row number, recognised fields and every cell. */
    line: jsonb('line')
      .$type<{ rowNumber: number; values: Record<string, string>; cells: string[] }>()
      .notNull(),
    poNumber: text('po_number').notNull().default(''),
    /** The name in the file's Vendor cell, and the account number that applies (the alias's wins). */
    matchedName: text('matched_name').notNull(),
    accountNumber: text('account_number').notNull().default(''),
    lineDay: date('line_day', { mode: 'string' }).notNull(),
    runId: bigint('run_id', { mode: 'number' }).references(() => runs.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('submission_vendor_lines_waiting_idx').on(t.vendorId, t.id).where(sql`${t.runId} is null`),
    index('submission_vendor_lines_run_idx').on(t.runId),
    index('submission_vendor_lines_batch_idx').on(t.batchId),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Outbound webhooks (docs/design/webhooks.md, docs/behaviour/webhooks.md)
// ---------------------------------------------------------------------------------------------------------

/** An admin's endpoint: where events go, which ones, and the signing secret (sealed, lib/secrets.ts). */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  events: jsonb('events').$type<string[]>().notNull().default([]),
  secretEncrypted: text('secret_encrypted').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The outbox: one row per event, written in the transaction of what it reports. Its id is the payload's
 * `id`, the receiver's idempotency key, the same on every attempt.
 */
export const webhookEvents = pgTable('webhook_events', {
  id: uuid('id').primaryKey(),
  type: text('type').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/**
 * One event for one endpoint: written with the event, claimed by a delivery job (status `sending` with a
 * lease), and after each attempt either done or moved to its next retry.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    /** 'pending' | 'sending' | 'succeeded' | 'failed' */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: when the claim lapses (the worker died) and the delivery may be tried again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);

/** Every attempt of a delivery, for the endpoint's delivery log. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [uniqueIndex('webhook_delivery_attempts_key').on(t.deliveryId, t.attempt)],
);

// ---------------------------------------------------------------------------------------------------------
// Audit log (docs/behaviour/audit-log.md; apps/server/src/modules/audit)
// ---------------------------------------------------------------------------------------------------------

/**
 * One change to an audited entity, written in the transaction of the change itself. The acting user's name
 * is copied so the entry still reads right after a rename or a deletion (user_id is then set null).
 * `changes` is {field: {from, to}} or {field: "changed"} for secrets; their values are never stored.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    /** The API token the change was made with (its public id and name, copied): null for a session. */
    apiTokenPublicId: text('api_token_public_id'),
    apiTokenName: text('api_token_name'),
  },
  (t) => [
    // The admin page filtered by the token a change was made with.
    index('audit_entries_token_at_idx').on(t.apiTokenPublicId, t.at),
    // The editors' History view, and the admin page filtered by type (newest first).
    index('audit_entries_entity_idx').on(t.entityType, t.entityId, t.at),
    index('audit_entries_type_at_idx').on(t.entityType, t.at),
    index('audit_entries_user_at_idx').on(t.userId, t.at),
    // Unfiltered pages and the retention delete.
    index('audit_entries_at_idx').on(t.at),
  ],
);

/**
 * What operators of this installation mapped (docs/behaviour/sources.md#suggest-from-a-sample-file): one row per
 * field of a saved source's current mapping, with the header text the file carries. `origin` says how the pair came
 * about: typed by hand, a suggestion changed to another column, or a suggestion accepted as it was; suggestions
 * weigh these. `source_id` is an order tracking or an inventory source (by `kind`), so a source's rows go with it.
 */
export const mappingEvidence = pgTable(
  'mapping_evidence',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    sourceId: integer('source_id').notNull(),
    field: text('field').notNull(),
    header: text('header').notNull(),
    origin: text('origin').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mapping_evidence_source_field_key').on(t.kind, t.sourceId, t.field),
    index('mapping_evidence_kind_header_idx').on(t.kind, t.header),
  ],
);
