/**
 * The vendor source editor's form values: what the inputs hold, how a loaded vendor fills them, the contract's
 * schema as the resolver, what a save sends, and the template file checks (docs/behaviour/order-submission.md#vendor-editor).
 */
import {
  hasTemplateExtension,
  MAP_STATIC_FILE_DATA_FIELDS,
  type MapStaticFileDataField,
  type OrderVendorSource,
  STATIC_FILE_DATA_FIELDS,
  type StaticFileDataField,
  VENDOR_MAP_FIELD_NAMES,
  VENDOR_SAVE_MESSAGES,
  VENDOR_TEMPLATE_MAX_BYTES,
  type VendorAlias,
  type VendorMapField,
} from '@app/contracts';
import { numberText } from '@/shared/sources/components/source-editor-parts';

export interface VendorAliasValues {
  id: number;
  parentVendorSourceId: number;
  vendorAliasNameFromFile: string;
  vendorProvidedAccountNumber: string;
  activeStatus: boolean;
  deletedStatus: boolean;
}

type MappingValues = Record<VendorMapField | StaticFileDataField | MapStaticFileDataField, string>;

/** Numbers as text ('' = not set), pickers as the chosen id in text. */
export interface VendorFormValues extends MappingValues {
  id: number;
  orderSubmissionSourceId: string;
  vendorNameFromFile: string;
  sendFromEmailSourceModelId: string;
  submitEmails: string;
  submitCcEmails: string;
  submitBccEmails: string;
  submitEmailSubjectLine: string;
  submitEmailBodyText: string;
  vendorProvidedAccountNumber: string;
  vendorWantsTrimmedItemDescription: boolean;
  vendorRegexForItemDescription: string;
  vendorWantsNonDailySubmission: boolean;
  vendorCustomSubmitEveryXDay: string;
  vendorWantsAllAlignedLeft: boolean;
  vendorWantsPDF: boolean;
  vendorWantsSpreadsheet: boolean;
  vendorWantsForwardedEmail: boolean;
  vendorWantsAllData: boolean;
  submitFileHeaderRowIndex: string;
  /** Base64 of a newly chosen template; null keeps the stored one. */
  submitFileTemplate: string | null;
  /** The newly chosen template's name, else the stored one's ('' when none). */
  submitFileTemplateFileName: string;
  activeStatus: boolean;
  deletedStatus: boolean;
  vendorSourceAliases: VendorAliasValues[];
}

const ALL_MAPPING_FIELDS = [
  ...VENDOR_MAP_FIELD_NAMES,
  ...STATIC_FILE_DATA_FIELDS,
  ...MAP_STATIC_FILE_DATA_FIELDS,
];

const mappingValues = (read: (field: keyof MappingValues) => string | null | undefined) =>
  Object.fromEntries(ALL_MAPPING_FIELDS.map((field) => [field, read(field) ?? ''])) as MappingValues;

/** docs/behaviour/order-submission.md#vendor-editor: a new vendor is active and wants the spreadsheet; the template's header is its first row. */
export const NEW_VENDOR: VendorFormValues = {
  id: 0,
  orderSubmissionSourceId: '',
  vendorNameFromFile: '',
  sendFromEmailSourceModelId: '',
  submitEmails: '',
  submitCcEmails: '',
  submitBccEmails: '',
  submitEmailSubjectLine: '',
  submitEmailBodyText: '',
  vendorProvidedAccountNumber: '',
  vendorWantsTrimmedItemDescription: false,
  vendorRegexForItemDescription: '',
  vendorWantsNonDailySubmission: false,
  vendorCustomSubmitEveryXDay: '',
  vendorWantsAllAlignedLeft: false,
  vendorWantsPDF: false,
  vendorWantsSpreadsheet: true,
  vendorWantsForwardedEmail: false,
  vendorWantsAllData: false,
  submitFileHeaderRowIndex: '0',
  submitFileTemplate: null,
  submitFileTemplateFileName: '',
  activeStatus: true,
  deletedStatus: false,
  vendorSourceAliases: [],
  ...mappingValues(() => ''),
};

export function toAliasValues(alias: VendorAlias): VendorAliasValues {
  return {
    id: alias.id,
    parentVendorSourceId: alias.parentVendorSourceId,
    vendorAliasNameFromFile: alias.vendorAliasNameFromFile ?? '',
    vendorProvidedAccountNumber: alias.vendorProvidedAccountNumber ?? '',
    activeStatus: alias.activeStatus ?? true,
    deletedStatus: Boolean(alias.deletedStatus),
  };
}

/** docs/behaviour/order-submission.md#aliases: a new alias has id 0 and the parent vendor's id. */
export const newAlias = (vendorId: number): VendorAliasValues => ({
  id: 0,
  parentVendorSourceId: vendorId,
  vendorAliasNameFromFile: '',
  vendorProvidedAccountNumber: '',
  activeStatus: true,
  deletedStatus: false,
});

export function toVendorFormValues(vendor: OrderVendorSource): VendorFormValues {
  return {
    id: vendor.id,
    orderSubmissionSourceId: vendor.orderSubmissionSourceId ? String(vendor.orderSubmissionSourceId) : '',
    vendorNameFromFile: vendor.vendorNameFromFile ?? '',
    sendFromEmailSourceModelId: vendor.sendFromEmailSourceModelId
      ? String(vendor.sendFromEmailSourceModelId)
      : '',
    submitEmails: vendor.submitEmails ?? '',
    submitCcEmails: vendor.submitCcEmails ?? '',
    submitBccEmails: vendor.submitBccEmails ?? '',
    submitEmailSubjectLine: vendor.submitEmailSubjectLine ?? '',
    submitEmailBodyText: vendor.submitEmailBodyText ?? '',
    vendorProvidedAccountNumber: vendor.vendorProvidedAccountNumber ?? '',
    vendorWantsTrimmedItemDescription: Boolean(vendor.vendorWantsTrimmedItemDescription),
    vendorRegexForItemDescription: vendor.vendorRegexForItemDescription ?? '',
    vendorWantsNonDailySubmission: Boolean(vendor.vendorWantsNonDailySubmission),
    vendorCustomSubmitEveryXDay: numberText(vendor.vendorCustomSubmitEveryXDay),
    vendorWantsAllAlignedLeft: Boolean(vendor.vendorWantsAllAlignedLeft),
    vendorWantsPDF: Boolean(vendor.vendorWantsPDF),
    vendorWantsSpreadsheet: vendor.vendorWantsSpreadsheet ?? true,
    vendorWantsForwardedEmail: Boolean(vendor.vendorWantsForwardedEmail),
    vendorWantsAllData: Boolean(vendor.vendorWantsAllData),
    submitFileHeaderRowIndex: numberText(vendor.submitFileHeaderRowIndex),
    // The stored template stays on the server; only a newly chosen one is sent.
    submitFileTemplate: null,
    submitFileTemplateFileName: vendor.submitFileTemplateFilename ?? '',
    activeStatus: vendor.activeStatus ?? true,
    deletedStatus: Boolean(vendor.deletedStatus),
    vendorSourceAliases: (vendor.vendorSourceAliases ?? []).map(toAliasValues),
    ...mappingValues((field) => vendor[field]),
  };
}

/** Why a chosen template is refused (docs/behaviour/order-submission.md#vendor-editor: only .xls and .xlsx), or null. */
export function templateFileProblem(file: File): string | null {
  if (!hasTemplateExtension(file.name)) return VENDOR_SAVE_MESSAGES.templateType;
  if (file.size > VENDOR_TEMPLATE_MAX_BYTES) return VENDOR_SAVE_MESSAGES.templateTooLarge;
  return null;
}

/** Saves a base64 file under its name through the browser's download. */
export function downloadBase64(
  fileName: string,
  contentBase64: string,
  mimeType = 'application/octet-stream',
) {
  const bytes = Uint8Array.from(atob(contentBase64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Released later rather than at once: the browser may still be reading the object URL after the click.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
