import { z } from 'zod';
import { operatorPatternProblem } from './operator-pattern';
import { ZLastRunSummarySchema } from './runs';
import {
  emptyToNull,
  entityId,
  MAILED_SOURCE_FIELDS,
  MAX_UPLOAD_BYTES,
  optionalText,
  requiredId,
} from './shared-fields';
import { ZTextEncodingSchema } from './text-encodings';

/**
 * Order submission sources, vendor sources and vendor aliases (docs/behaviour/order-submission.md).
 *
 * Counts and indexes: the forms may send them as numeric text (the spec's form validates "at least 1
 * character"); the schemas accept a number or numeric text and the server stores and returns numbers.
 */

// ---------------------------------------------------------------------------------------------------------
// Order submission source
// ---------------------------------------------------------------------------------------------------------

export const ORDER_SUBMISSION_SOURCE_MESSAGES = {
  required: 'Required',
  invalidEmail: 'Enter a valid email address',
  subjectTooShort: 'Enter at least 3 characters',
  wholeNumber: 'Enter a whole number',
  saved: 'Order submission source saved successfully!',
  loadFailed: 'Failed to load order submission source data',
  emailListFailed: 'Failed to load email sources',
  unexpected: 'Save failed - unexpected response',
  saveFailed: 'Save failed - please try again',
  notFound: 'Order submission source not found',
} as const;

const R = ORDER_SUBMISSION_SOURCE_MESSAGES.required;
/** A missing field reads 'Required' like an empty one. */
const text = () => z.string({ error: R }).trim();
const requiredText = () => text().min(1, R);

/**
 * A count or index the form must fill: a number or numeric text; empty or missing is 'Required'.
 * `min` is the smallest accepted value.
 */
export const requiredCount = (min: number, max = 1_000_000) =>
  z.preprocess(
    emptyToNull,
    z
      .number({
        error: (issue) =>
          issue.input === null || issue.input === undefined
            ? R
            : ORDER_SUBMISSION_SOURCE_MESSAGES.wholeNumber,
      })
      .int(ORDER_SUBMISSION_SOURCE_MESSAGES.wholeNumber)
      .min(min, `Must be at least ${min}`)
      .max(max, `Must be at most ${max}`),
  );

/** Accepts the spec client's `Id` as well as `id`. */
const acceptCapitalId = (value: unknown) => {
  if (value && typeof value === 'object' && 'Id' in value && !('id' in value)) {
    const { Id, ...rest } = value as Record<string, unknown>;
    return { ...rest, id: Id };
  }
  return value;
};

/** The order submission source editor's form and the body of POST /api/order-submission/sources/save. */
export const ZOrderSubmissionSourceSchema = z.preprocess(
  acceptCapitalId,
  z.object({
    id: entityId,
    sourceName: requiredText(),
    emailSourceId: requiredId(R),
    fileType: optionalText,
    textEncoding: ZTextEncodingSchema,
    fromEmail: requiredText().pipe(z.email(ORDER_SUBMISSION_SOURCE_MESSAGES.invalidEmail)),
    subjectValue: text().min(3, ORDER_SUBMISSION_SOURCE_MESSAGES.subjectTooShort),
    containsNotExact: z.boolean().default(false),
    /** 0 is allowed: a source whose order file sits behind a link has no attachment. */
    expectedAttachmentCount: requiredCount(0, 100),
    /** A batch is complete when this many matching e-mails have arrived the same day (docs/behaviour/order-submission.md#batches). */
    expectedNumberOfBatchEmails: requiredCount(1, 1000),
    attachmentName: optionalText,
    noAttachmentsNeedsLinkClick: z.boolean().default(false),
    ordersAreAllQuantityOne: z.boolean().default(false),
    linkClickPreceededByText: optionalText,
    linkClickAlwaysContainsText: optionalText,
    downloadSpreadsheet: z.boolean().default(true),
    downloadPdf: z.boolean().default(true),
    spreadsheetDownloadButtonText: optionalText,
    pdfDownloadButtonText: optionalText,
    spreadsheetType: optionalText,
    spreadsheetDownloadName: optionalText,
    pdfDownloadName: optionalText,
    activeStatus: z.boolean().default(true),
    deletedStatus: z.boolean().default(false),
  }),
);
export type TOrderSubmissionSourceForm = z.input<typeof ZOrderSubmissionSourceSchema>;
export type TOrderSubmissionSource = z.output<typeof ZOrderSubmissionSourceSchema>;

/**
 * What GET /api/order-submission/sources/get/{sourceId} and POST .../sources/save answer, and each row of
 * GET /api/order-submission/sources/active.
 */
export const ZOrderSubmissionSourceResponseSchema = z.object({
  ...MAILED_SOURCE_FIELDS,
  expectedAttachmentCount: z.number(),
  expectedNumberOfBatchEmails: z.number(),
  noAttachmentsNeedsLinkClick: z.boolean(),
  ordersAreAllQuantityOne: z.boolean(),
  linkClickPreceededByText: z.string(),
  linkClickAlwaysContainsText: z.string(),
  downloadSpreadsheet: z.boolean(),
  downloadPdf: z.boolean(),
  spreadsheetDownloadButtonText: z.string(),
  pdfDownloadButtonText: z.string(),
  spreadsheetType: z.string(),
  spreadsheetDownloadName: z.string(),
  pdfDownloadName: z.string(),
  deletedStatus: z.boolean(),
  /** Beyond the spec (docs/behaviour/runs-and-history.md#last-run): the source's latest run, null when it never ran. */
  lastRun: ZLastRunSummarySchema.nullable(),
});
export type OrderSubmissionSource = z.infer<typeof ZOrderSubmissionSourceResponseSchema>;
export type OrderSubmissionSourceListItem = OrderSubmissionSource;

/**
 * A new submission source (docs/behaviour/order-submission.md#submission-source-editor): both downloads on,
 * active. One attachment in one e-mail is the common case, so the two required counts start at 1.
 */
export const SUBMISSION_SOURCE_DEFAULTS = {
  sourceName: '',
  emailSourceId: null,
  fileType: '',
  textEncoding: '',
  fromEmail: '',
  subjectValue: '',
  containsNotExact: false,
  expectedAttachmentCount: 1,
  expectedNumberOfBatchEmails: 1,
  attachmentName: '',
  noAttachmentsNeedsLinkClick: false,
  ordersAreAllQuantityOne: false,
  linkClickPreceededByText: '',
  linkClickAlwaysContainsText: '',
  downloadSpreadsheet: true,
  downloadPdf: true,
  spreadsheetDownloadButtonText: '',
  pdfDownloadButtonText: '',
  spreadsheetType: '',
  spreadsheetDownloadName: '',
  pdfDownloadName: '',
  activeStatus: true,
  deletedStatus: false,
} as const satisfies Omit<OrderSubmissionSource, 'id' | 'lastRun'>;

// ---------------------------------------------------------------------------------------------------------
// Order vendor source and vendor alias
// ---------------------------------------------------------------------------------------------------------

/** The order fields a vendor maps to template columns, in spec order, with the order file's header text. */
export const VENDOR_MAP_FIELDS = [
  { field: 'mapBatch', label: 'Batch' },
  { field: 'mapRep', label: 'Rep' },
  { field: 'mapVendorAddress', label: 'Vendor Address' },
  { field: 'mapVendorPhone', label: 'Vendor Phone' },
  { field: 'mapVendorFax', label: 'Vendor Fax' },
  { field: 'mapPo', label: 'PO' },
  { field: 'mapOrderDate', label: 'Order Date' },
  { field: 'mapReqShipDate', label: 'Req Ship Date' },
  { field: 'mapShipVia', label: 'Ship Via' },
  { field: 'mapShipTo', label: 'Ship To' },
  { field: 'mapAddress1', label: 'Address 1' },
  { field: 'mapCareOf', label: 'Care Of' },
  { field: 'mapAttention', label: 'Attention' },
  { field: 'mapAddress2', label: 'Address 2' },
  { field: 'mapCity', label: 'City' },
  { field: 'mapState', label: 'State' },
  { field: 'mapZipCode', label: 'Zip Code' },
  { field: 'mapPhone', label: 'Phone' },
  { field: 'mapEmail', label: 'Email' },
  { field: 'mapItemDescription', label: 'Item Description' },
  { field: 'mapUnitPrice', label: 'Unit Price' },
  { field: 'mapQty', label: 'Qty' },
  { field: 'mapProvidedAccountNumber', label: 'Provided Account Number' },
  { field: 'mapTotal', label: 'Total' },
] as const;
export type VendorMapField = (typeof VENDOR_MAP_FIELDS)[number]['field'];
export const VENDOR_MAP_FIELD_NAMES = VENDOR_MAP_FIELDS.map((entry) => entry.field) as VendorMapField[];

export const STATIC_DATA_SLOTS = [1, 2, 3, 4, 5] as const;
export type StaticDataSlot = (typeof STATIC_DATA_SLOTS)[number];
export type StaticFileDataField = `staticFileData${StaticDataSlot}`;
export type MapStaticFileDataField = `mapStaticFileData${StaticDataSlot}`;
export const STATIC_FILE_DATA_FIELDS = STATIC_DATA_SLOTS.map(
  (slot) => `staticFileData${slot}` as StaticFileDataField,
);
export const MAP_STATIC_FILE_DATA_FIELDS = STATIC_DATA_SLOTS.map(
  (slot) => `mapStaticFileData${slot}` as MapStaticFileDataField,
);

export const VENDOR_TEMPLATE_EXTENSIONS = ['.xls', '.xlsx'] as const;
/** The largest vendor template accepted, in bytes (the spec leaves it open). */
export const VENDOR_TEMPLATE_MAX_BYTES = MAX_UPLOAD_BYTES;

export const VENDOR_SAVE_MESSAGES = {
  required: 'Required',
  saved: 'Vendor source saved successfully!',
  loadFailed: 'Failed to load vendor data',
  emailListFailed: 'Failed to load email sources',
  submissionListFailed: 'Failed to load order submission sources',
  unexpected: 'Failed to save. Server returned an unexpected status.',
  /** {value} is the vendor name. */
  duplicateVendorName: 'A vendor with the name "{value}" already exists. Please use a different vendor name.',
  duplicateGeneric: 'This vendor name already exists. Please use a different name.',
  databaseError: 'A database error occurred. Please check your data and try again.',
  saveFailed: 'An error occurred while saving. Please try again.',
  invalidEmailList: 'Enter e-mail addresses separated by commas or semicolons',
  templateType: 'The template must be an .xls or .xlsx file',
  templateTooLarge: 'The template is larger than 10 MB',
  templateNotSpreadsheet: 'The template is not a readable .xls or .xlsx spreadsheet',
  templateNotBase64: 'The template must be sent as base64',
  regexRequired: 'Required when trimming the item description',
  everyXDaysRequired: 'Required for non-daily submission',
  notFound: 'Vendor source not found',
  aliasNotFound: 'Vendor alias not found',
  duplicateAlias: 'Two aliases have the same name',
} as const;

const V = VENDOR_SAVE_MESSAGES;
const vendorRequiredText = () => z.string({ error: V.required }).trim().min(1, V.required);

/** The name of the database constraint that keeps vendor names unique (case-insensitive). */
export const VENDOR_NAME_UNIQUE_CONSTRAINT = 'order_vendor_sources_vendor_name_unique';

export function duplicateVendorNameMessage(vendorName: string): string {
  return V.duplicateVendorName.replace('{value}', vendorName.trim());
}

/**
 * The message shown when a vendor save request fails (docs/behaviour/order-submission.md#vendor-editor), from the server's message and the vendor
 * name the user entered.
 */
export function vendorSaveErrorMessage(serverMessage: string | undefined, vendorName: string): string {
  const message = serverMessage?.trim() ?? '';
  if (message === '') return V.saveFailed;
  if (
    message.includes(VENDOR_NAME_UNIQUE_CONSTRAINT) ||
    /vendor with the name .* already exists/i.test(message) ||
    /unique.*vendor.?name|vendor.?name.*unique/i.test(message)
  )
    return duplicateVendorNameMessage(vendorName);
  if (/unique (key|constraint|index)|duplicate key|already exists/i.test(message)) return V.duplicateGeneric;
  if (/database|DbUpdateException|sql/i.test(message)) return V.databaseError;
  return message;
}

/** Comma- or semicolon-separated e-mail addresses. */
export function splitEmailList(value: string): string[] {
  return value
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

const emailAddress = z.email();
const emailList = (required: boolean) =>
  z
    .string({ error: V.required })
    .nullish()
    .transform((value) => value?.trim() ?? '')
    .superRefine((value, ctx) => {
      const addresses = splitEmailList(value);
      if (addresses.length === 0) {
        if (required) ctx.addIssue({ code: 'custom', message: V.required });
        return;
      }
      if (addresses.some((address) => !emailAddress.safeParse(address).success))
        ctx.addIssue({ code: 'custom', message: V.invalidEmailList });
    });

/** An alias of a vendor: another name the order file may use for it (docs/behaviour/order-submission.md#aliases). */
export const ZVendorAliasSchema = z.object({
  id: entityId,
  /** 0 for an alias of a vendor not yet saved; the server sets the vendor's id. */
  parentVendorSourceId: entityId,
  vendorAliasNameFromFile: vendorRequiredText(),
  vendorProvidedAccountNumber: optionalText,
  activeStatus: z.boolean().default(true),
  deletedStatus: z.boolean().default(false),
});
export type TVendorAliasForm = z.input<typeof ZVendorAliasSchema>;
export type TVendorAlias = z.output<typeof ZVendorAliasSchema>;

export const ZVendorAliasResponseSchema = z.object({
  id: z.number(),
  parentVendorSourceId: z.number(),
  vendorAliasNameFromFile: z.string(),
  vendorProvidedAccountNumber: z.string(),
  activeStatus: z.boolean(),
  deletedStatus: z.boolean(),
});
export type VendorAlias = z.infer<typeof ZVendorAliasResponseSchema>;

const mapFields = Object.fromEntries(VENDOR_MAP_FIELD_NAMES.map((field) => [field, optionalText])) as Record<
  VendorMapField,
  typeof optionalText
>;
const staticFields = Object.fromEntries(
  [...STATIC_FILE_DATA_FIELDS, ...MAP_STATIC_FILE_DATA_FIELDS].map((field) => [field, optionalText]),
) as Record<StaticFileDataField | MapStaticFileDataField, typeof optionalText>;

export function hasTemplateExtension(fileName: string): boolean {
  const lowered = fileName.trim().toLowerCase();
  return VENDOR_TEMPLATE_EXTENSIONS.some((extension) => lowered.endsWith(extension));
}

/** Strips a `data:...;base64,` prefix a browser FileReader adds. */
export function stripDataUrlPrefix(value: string): string {
  const comma = value.indexOf(',');
  return value.startsWith('data:') && comma >= 0 ? value.slice(comma + 1) : value;
}

/**
 * The vendor source editor's form and the body of POST /api/order-submission/vendor/save (docs/behaviour/order-submission.md#vendor-editor).
 * `submitFileTemplate` is base64 (a data-URL prefix is accepted); null, absent or empty keeps the stored
 * template. `vendorSourceAliases` are saved with the vendor: id 0 inserts, another id updates.
 */
export const ZOrderVendorSourceSchema = z.preprocess(
  (value) => {
    const withId = acceptCapitalId(value);
    // A loaded record posted back as it is names its template with the read spelling (…Filename).
    if (withId && typeof withId === 'object') {
      const record = withId as Record<string, unknown>;
      if (!record.submitFileTemplateFileName && typeof record.submitFileTemplateFilename === 'string')
        return { ...record, submitFileTemplateFileName: record.submitFileTemplateFilename };
    }
    return withId;
  },
  z
    .object({
      id: entityId,
      orderSubmissionSourceId: requiredId(V.required),
      vendorNameFromFile: vendorRequiredText(),
      sendFromEmailSourceModelId: requiredId(V.required),
      submitEmails: emailList(true),
      submitCcEmails: emailList(false),
      submitBccEmails: emailList(false),
      submitEmailSubjectLine: vendorRequiredText(),
      submitEmailBodyText: z
        .string()
        .nullish()
        .transform((value) => value ?? ''),
      vendorProvidedAccountNumber: optionalText,
      vendorWantsTrimmedItemDescription: z.boolean().default(false),
      vendorRegexForItemDescription: optionalText,
      vendorWantsNonDailySubmission: z.boolean().default(false),
      /** Blank means null. */
      vendorCustomSubmitEveryXDay: z
        .preprocess(emptyToNull, z.number().int('Enter a whole number').min(1).max(365).nullable())
        .default(null),
      vendorWantsAllAlignedLeft: z.boolean().default(false),
      vendorWantsPDF: z.boolean().default(false),
      vendorWantsSpreadsheet: z.boolean().default(true),
      vendorWantsForwardedEmail: z.boolean().default(false),
      vendorWantsAllData: z.boolean().default(false),
      /** 0-based row of the template's header; order rows are written below it. */
      submitFileHeaderRowIndex: z.preprocess(
        emptyToNull,
        z
          .number({ error: V.required })
          .int('Enter a whole number')
          .min(0, 'Must be at least 0')
          .max(1000, 'Must be at most 1000'),
      ),
      submitFileTemplate: z
        .string()
        .nullish()
        .transform((value) => {
          const stripped = value ? stripDataUrlPrefix(value.trim()) : '';
          return stripped === '' ? null : stripped;
        }),
      submitFileTemplateFileName: optionalText,
      activeStatus: z.boolean().default(true),
      deletedStatus: z.boolean().default(false),
      vendorSourceAliases: z
        .array(ZVendorAliasSchema)
        .max(500)
        .nullish()
        .transform((value) => value ?? []),
      ...mapFields,
      ...staticFields,
    })
    .superRefine((vendor, ctx) => {
      if (vendor.vendorWantsTrimmedItemDescription) {
        if (vendor.vendorRegexForItemDescription === '')
          ctx.addIssue({ code: 'custom', path: ['vendorRegexForItemDescription'], message: V.regexRequired });
        else {
          const problem = operatorPatternProblem(vendor.vendorRegexForItemDescription);
          if (problem)
            ctx.addIssue({ code: 'custom', path: ['vendorRegexForItemDescription'], message: problem });
        }
      }
      if (vendor.vendorWantsNonDailySubmission && vendor.vendorCustomSubmitEveryXDay === null)
        ctx.addIssue({
          code: 'custom',
          path: ['vendorCustomSubmitEveryXDay'],
          message: V.everyXDaysRequired,
        });
      if (vendor.submitFileTemplate !== null && !hasTemplateExtension(vendor.submitFileTemplateFileName))
        ctx.addIssue({ code: 'custom', path: ['submitFileTemplateFileName'], message: V.templateType });
      const seen = new Set<string>();
      vendor.vendorSourceAliases.forEach((alias, index) => {
        const key = alias.vendorAliasNameFromFile.toLowerCase();
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            path: ['vendorSourceAliases', index, 'vendorAliasNameFromFile'],
            message: V.duplicateAlias,
          });
        seen.add(key);
      });
    }),
);
export type TOrderVendorSourceForm = z.input<typeof ZOrderVendorSourceSchema>;
export type TOrderVendorSource = z.output<typeof ZOrderVendorSourceSchema>;

/** GET /api/order-submission/vendor/get/{id} and the answer of POST .../vendor/save. */
export const ZOrderVendorSourceResponseSchema = z.object({
  id: z.number(),
  orderSubmissionSourceId: z.number().nullable(),
  vendorNameFromFile: z.string(),
  sendFromEmailSourceModelId: z.number().nullable(),
  submitEmails: z.string(),
  submitCcEmails: z.string(),
  submitBccEmails: z.string(),
  submitEmailSubjectLine: z.string(),
  submitEmailBodyText: z.string(),
  vendorProvidedAccountNumber: z.string(),
  vendorWantsTrimmedItemDescription: z.boolean(),
  vendorRegexForItemDescription: z.string(),
  vendorWantsNonDailySubmission: z.boolean(),
  vendorCustomSubmitEveryXDay: z.number().nullable(),
  vendorWantsAllAlignedLeft: z.boolean(),
  vendorWantsPDF: z.boolean(),
  vendorWantsSpreadsheet: z.boolean(),
  vendorWantsForwardedEmail: z.boolean(),
  vendorWantsAllData: z.boolean(),
  submitFileHeaderRowIndex: z.number(),
  /** Base64 of the stored template, null when none is stored. */
  submitFileTemplate: z.string().nullable(),
  /** The stored template's file name ('' when none); note the lower-case n on read (docs/behaviour/order-submission.md#calls). */
  submitFileTemplateFilename: z.string(),
  activeStatus: z.boolean(),
  deletedStatus: z.boolean(),
  vendorSourceAliases: z.array(ZVendorAliasResponseSchema),
  /** Beyond the spec: when a non-daily vendor was last sent its accumulated orders. */
  lastSubmittedAt: z.string().nullable(),
  /** Beyond the spec (docs/behaviour/runs-and-history.md#last-run): the vendor's latest run, null when it never ran. */
  lastRun: ZLastRunSummarySchema.nullable(),
  ...(Object.fromEntries(
    [...VENDOR_MAP_FIELD_NAMES, ...STATIC_FILE_DATA_FIELDS, ...MAP_STATIC_FILE_DATA_FIELDS].map((field) => [
      field,
      z.string(),
    ]),
  ) as Record<VendorMapField | StaticFileDataField | MapStaticFileDataField, z.ZodString>),
});
export type OrderVendorSource = z.infer<typeof ZOrderVendorSourceResponseSchema>;

/** A row of GET /api/order-submission/vendor/active (docs/behaviour/order-submission.md#vendor-list). */
export const ZOrderVendorSourceListItemSchema = z.object({
  id: z.number(),
  orderSubmissionSourceId: z.number().nullable(),
  orderSubmissionSourceName: z.string(),
  vendorNameFromFile: z.string(),
  submitEmails: z.string(),
  vendorWantsTrimmedItemDescription: z.boolean(),
  vendorWantsNonDailySubmission: z.boolean(),
  vendorCustomSubmitEveryXDay: z.number().nullable(),
  vendorWantsPDF: z.boolean(),
  vendorWantsSpreadsheet: z.boolean(),
  vendorWantsAllData: z.boolean(),
  activeStatus: z.boolean(),
  aliasCount: z.number(),
  hasTemplate: z.boolean(),
  lastRun: ZLastRunSummarySchema.nullable(),
});
export type OrderVendorSourceListItem = z.infer<typeof ZOrderVendorSourceListItemSchema>;

/** Query of GET /api/order-submission/vendor/active: `includeInactive=true` also lists switched-off vendors. */
export const ZVendorListQuerySchema = z.object({
  includeInactive: z
    .enum(['true', 'false'], { error: 'includeInactive must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
