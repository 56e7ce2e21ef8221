import { z } from 'zod';

/** The audit log (docs/behaviour/audit-log.md): who changed which entity, when, and which fields. */
export const AUDIT_ENTITY_TYPES = [
  'user',
  'email-source',
  'order-tracking-source',
  'inventory-source',
  'submission-source',
  /** Vendor aliases are recorded under their vendor. */
  'vendor',
  'notification-setting',
  'webhook',
  'token',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ENTITY_TYPE_LABELS: Record<AuditEntityType, string> = {
  user: 'User',
  'email-source': 'E-mail source',
  'order-tracking-source': 'Order tracking source',
  'inventory-source': 'Inventory source',
  'submission-source': 'Order submission source',
  vendor: 'Vendor',
  'notification-setting': 'Notification setting',
  webhook: 'Webhook',
  token: 'API token',
};

/**
 * What happened. created/updated/deleted cover most changes; the others name a change the editor offers as
 * its own button, so the history reads as the user acted.
 */
export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'activated',
  'deactivated',
  'password-changed',
  'host-key-accepted',
  'alias-deleted',
  'revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A secret's value is never recorded: its change is this word in place of {from, to}. */
export const AUDIT_SECRET_CHANGED = 'changed';

/** One field's change: the values before and after (null when there was none), or "changed" for a secret. */
export const ZAuditChangeSchema = z.union([
  z.object({ from: z.unknown(), to: z.unknown() }),
  z.literal(AUDIT_SECRET_CHANGED),
]);
export type AuditChange = z.infer<typeof ZAuditChangeSchema>;

export const ZAuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  /** Null when the acting user has since been deleted or the change was made by the system. */
  userId: z.number().nullable(),
  /** The acting user's name at the time of the change. */
  username: z.string(),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.number(),
  action: z.enum(AUDIT_ACTIONS),
  changes: z.record(z.string(), ZAuditChangeSchema),
  /** The API token the change was made with (its name as it was then); null for a signed-in session. */
  apiToken: z.object({ prefix: z.string(), name: z.string() }).nullable(),
  /**
   * For a change of a field that holds another record's id (`emailSourceId`): that record's name now, by
   * field and id, `{ emailSourceId: { "1": "orders (orders@acme.test, 127.0.0.1)" } }`. An id whose record no
   * longer exists is not listed.
   */
  valueNames: z.record(z.string(), z.record(z.string(), z.string())),
});
export type AuditEntry = z.infer<typeof ZAuditEntrySchema>;

export const ZAuditPageSchema = z.object({
  entries: z.array(ZAuditEntrySchema),
  totalRecordCount: z.number(),
});
export type AuditPage = z.infer<typeof ZAuditPageSchema>;

export const AUDIT_PAGE_SIZE = 50;

const optionalDate = z.iso
  .date({ error: 'Use a date as YYYY-MM-DD' })
  .or(z.iso.datetime({ offset: true, error: 'Use a date as YYYY-MM-DD' }))
  .optional();

/** GET /api/audit's query. `from` and `to` are days (inclusive) or instants; pages count from 1. */
export const ZAuditQuerySchema = z.object({
  entityType: z.enum(AUDIT_ENTITY_TYPES, { error: 'Unknown entity type' }).optional(),
  entityId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
  /** Changes made with one API token: its prefix as lists show it (`iot_` and 12 characters, `…` allowed). */
  apiToken: z
    .string()
    .trim()
    .regex(/^(?:iot_)?[0-9a-f]{12}(?:…|\.\.\.)?$/i, 'Use the token’s prefix: iot_ and its 12 characters')
    .transform((value) => value.toLowerCase().replace(/^iot_/, '').slice(0, 12))
    .optional(),
  from: optionalDate,
  to: optionalDate,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TAuditQuery = z.infer<typeof ZAuditQuerySchema>;
export type TAuditQueryInput = z.input<typeof ZAuditQuerySchema>;

/**
 * The editors' own labels for the fields an audit entry names (docs/behaviour/audit-log.md#history-views), so the
 * history reads as the editor does. Keyed by the stored field; one list serves every entity type, as the editors
 * share their names. A field not listed is shown by its name in words.
 */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  // users
  username: 'Username',
  email: 'Email',
  firstName: 'First Name',
  lastName: 'Last Name',
  password: 'Password',
  isAdmin: 'Administrator',
  orderUser: 'Order User',
  inventoryUser: 'Inventory User',
  submissionUser: 'Submission User',
  sendNotificationsToEmail: 'Send Notifications To Email',
  debugMode: 'Debug Mode',
  activeStatus: 'Active',
  // e-mail sources
  incomingServer: 'Incoming Server',
  outgoingServer: 'Outgoing Server',
  incomingPort: 'Incoming Port',
  outgoingPort: 'Outgoing Port',
  ssl: 'Use SSL',
  isMsal: 'Use Microsoft Authentication (MSAL)',
  msalClientId: 'Client ID',
  msalTenantId: 'Tenant ID',
  oauthProvider: 'Mailbox sign-in provider',
  oauthAccount: 'Signed-in mailbox account',
  // what every mail-read source has
  sourceName: 'Source Name',
  emailSourceId: 'Email Source',
  fileType: 'File Type',
  fromEmail: 'From Email',
  subjectValue: 'Subject Value',
  containsNotExact: 'Subject contains (not exact match)',
  expectedAttachmentCount: 'Expected Attachment Count',
  attachmentName: 'Attachment Name',
  textEncoding: 'Text Encoding',
  // order tracking sources
  columnsToIgnore: 'Columns To Ignore',
  secondaryDelimiter: 'Secondary Delimiter',
  uniqueColumn: 'Unique Column',
  deleteAfterDays: 'Delete After Days',
  headerRowIndex: 'Header Row Index',
  fileHasHeader: 'File Has Header',
  columnMapping: 'Column mapping',
  // inventory sources
  daysUntilNoUpdateNotification: 'Days Until No Update Notification',
  itemNumberColumnName: 'Item Number Column',
  qtyColumnName: 'Quantity Column',
  itemStatusColumnName: 'Item Status Column',
  statusSupersedesQuantity: 'Status Supersedes Quantity',
  statusAvailableList: 'Status Available List',
  statusOutOfStockList: 'Status Out Of Stock List',
  minItemsToBeActive: 'Minimum Items To Be Active',
  stripLeadingZeroes: 'Strip Leading Zeroes',
  usesPredictiveAlgorithm: 'Uses Predictive Algorithm',
  sftpServerAddress: 'Server Address',
  sftpPort: 'Port',
  sftpUsername: 'Username (SFTP)',
  sftpPassword: 'Password (SFTP)',
  sftpHostKey: 'Host key (SFTP)',
  sftpInboundFolder: 'Inbound Folder',
  sftpOutboundFolder: 'Outbound Folder',
  driftGuardPercent: 'Drift Guard Percentage',
  userActivatedItemNumbers: 'User Activated Item Numbers',
  outputFileHasHeader: 'Generated File Has Header',
  outputItemNumberColumnName: 'Generated File Item Number Column',
  outputItemStatusColumnName: 'Generated File Item Status Column',
  outputItemStatusDateColumnName: 'Generated File Status Date Column',
};
