/**
 * Save bodies shared by the API tests and the browser tests' seeders: plain objects, no imports, so that both
 * can read them. Each test names its records itself (unique names).
 */

/** An e-mail source as the editor saves it: IMAP and SMTP on the usual ports, a stored password, active. */
export function emailSourceBody(username: string, overrides: Record<string, unknown> = {}) {
  return {
    id: 0,
    username,
    email: `${username}@example.com`,
    password: 'mailbox-secret',
    incomingServer: 'imap.example.com',
    outgoingServer: 'smtp.example.com',
    incomingPort: 993,
    outgoingPort: 587,
    ssl: true,
    isMsal: false,
    msalClientId: '',
    msalTennentId: '',
    activeStatus: true,
    ...overrides,
  };
}

/**
 * An inventory source as the editor saves it, without its sample file: an .xlsx of item numbers and
 * quantities, no status columns, no prediction, no SFTP.
 */
export function inventorySourceBody(emailSourceId: number, overrides: Record<string, unknown> = {}) {
  return {
    id: 0,
    sourceName: 'Stock levels',
    emailSourceId,
    fileType: '.xlsx',
    fromEmail: 'stock@example.com',
    daysUntilNoUpdateNotification: null,
    expectedAttachmentCount: 1,
    subjectValue: 'Stock levels',
    containsNotExact: false,
    attachmentName: 'stock_*.xlsx',
    itemNumberColumnName: 'Item Number',
    qtyColumnName: 'Qty',
    statusSupersedesQuantity: false,
    statusAvailableList: '',
    statusOutOfStockList: '',
    itemStatusColumnName: '',
    minItemsToBeActive: 2,
    fileHasHeader: true,
    stripLeadingZeroes: false,
    usesPredictiveAlgorithm: false,
    lookbackDays: null,
    minDataPoints: null,
    safetyMultiplier: null,
    safetyPadding: null,
    largeDropThreshold: null,
    largeDropMultiplier: null,
    sftpServerAddress: '',
    sftpPort: null,
    sftpUsername: '',
    sftpPassword: '',
    activeStatus: true,
    ...overrides,
  };
}

/**
 * The predictive settings of the worked example the inventory tests share (C-300 falling 2.5 a day; 7 − 2.5 × 1.5 − 3
 * = 0.25, below 5): as a source stores them and as the item history returns them.
 */
export const PREDICTIVE_SETTINGS = {
  lookbackDays: 30,
  minDataPoints: 3,
  safetyMultiplier: 1.5,
  safetyPadding: 3,
  largeDropThreshold: 1000,
  largeDropMultiplier: 2,
};

/** The sample file part of an inventory source's body: the columns of the generated file. */
export function inventoryFileDataBody(inventoryFile: string, overrides: Record<string, unknown> = {}) {
  return {
    userActivatedItemNumbers: '000123,89012',
    inventoryFile,
    inventoryFileName: 'inventory-sample.xlsx',
    activeStatus: true,
    headerRowIndex: 0,
    fileHasHeader: true,
    itemNumberColumnName: 'Item Number',
    itemStatusColumnName: 'Status',
    itemStatusDateColumnName: 'Status Date',
    ...overrides,
  };
}

/** A daily Order Tracking notification setting (source type 3, which order users hold) for every source. */
export function notificationSettingBody(name: string, overrides: Record<string, unknown> = {}) {
  return {
    name,
    sourceTypeId: 3,
    sourceIds: [],
    notificationInterval: 'Daily',
    overrideEmailRecipients: 'ops@example.com',
    ...overrides,
  };
}

/** An order tracking source as the editor saves it: a CSV shipment report keyed by PO number, four mappings. */
export function orderTrackingSourceBody(emailSourceId: number, overrides: Record<string, unknown> = {}) {
  return {
    id: 0,
    sourceName: 'Acme shipments',
    emailSourceId,
    fileType: '.csv',
    fromEmail: 'reports@acme.example',
    subjectValue: 'Daily shipment report',
    containsNotExact: true,
    expectedAttachmentCount: 1,
    attachmentName: 'shipments_*.csv',
    columnsToIgnore: 'Notes',
    secondaryDelimiter: ';',
    uniqueColumn: 'CustomerPoNumber',
    deleteAfterDays: 30,
    headerRowIndex: 0,
    fileHasHeader: true,
    activeStatus: true,
    deletedStatus: false,
    columnNormalizationValues: {
      id: 0,
      customerPoNumber: 'PO Number',
      trackingNumbers: 'Tracking',
      shippingCompany: 'Carrier',
      shippedDate: 'Ship Date',
    },
    ...overrides,
  };
}

/** Change Password as the account page sends it: whose password (id and name), the current one and the new one. */
export function changePasswordBody(
  user: { id: number; username: string },
  oldPassword: string,
  newPassword: string,
) {
  return { UserID: user.id, Username: user.username, OldPassword: oldPassword, NewPassword: newPassword };
}
