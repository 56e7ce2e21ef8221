/**
 * The inventory source editor's form values: what the inputs hold, how a loaded source fills them, how they
 * are validated (the contract's schema plus the sample-file rule) and what a save sends (docs/behaviour/sources.md#inventory-source-editor).
 */
import {
  DEFAULT_DRIFT_GUARD_PERCENT,
  INVENTORY_SOURCE_MESSAGES,
  type InventorySource,
  MAX_UPLOAD_BYTES,
  PREDICTIVE_RANGES,
  type PredictiveField,
  SAMPLE_FILE_EXTENSIONS,
  type SftpSecretSettings,
  type SuggestedMapping,
  type TInventorySource,
  ZInventorySourceSchema,
} from '@app/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodFormResolver } from '@/components/form/use-zod-form';
import { readFileAsBase64 } from '@/lib/file-base64';
import { numberText } from '@/shared/sources/components/source-editor-parts';
import {
  type MailRuleFormValues,
  NEW_MAIL_RULE,
  toMailRuleFormValues,
} from '@/shared/sources/lib/mail-rule-form';
import { formPort, sftpSecretState } from '@/shared/sources/lib/stored-secret';

const M = INVENTORY_SOURCE_MESSAGES;

export interface InventoryFileDataValues {
  userActivatedItemNumbers: string;
  /** Never typed into: the key the sample-file errors (client rule and server `fields`) live under. */
  inventoryFile?: string | null;
  /** The stored sample's name; a newly chosen file sits in `sampleFile` until the save. */
  inventoryFileName: string;
  activeStatus: boolean;
  headerRowIndex: string;
  fileHasHeader: boolean;
  itemNumberColumnName: string;
  itemStatusColumnName: string;
  itemStatusDateColumnName: string;
}

/** Numbers as text ('' = not set, sent as null); the e-mail source as its id in text. */
export interface InventoryFormValues extends MailRuleFormValues {
  daysUntilNoUpdateNotification: string;
  itemNumberColumnName: string;
  qtyColumnName: string;
  statusSupersedesQuantity: boolean;
  statusAvailableList: string;
  statusOutOfStockList: string;
  itemStatusColumnName: string;
  minItemsToBeActive: string;
  fileHasHeader: boolean;
  stripLeadingZeroes: boolean;
  usesPredictiveAlgorithm: boolean;
  lookbackDays: string;
  minDataPoints: string;
  safetyMultiplier: string;
  safetyPadding: string;
  largeDropThreshold: string;
  largeDropMultiplier: string;
  sftpServerAddress: string;
  sftpPort: string;
  sftpUsername: string;
  sftpPassword: string;
  sftpInboundFolder: string;
  sftpOutboundFolder: string;
  driftGuardPercent: string;
  fileData: InventoryFileDataValues;
  /** A newly chosen sample inventory file; not part of the schema (stripped from the parsed values). */
  sampleFile: File | null;
  /** The proposals of an applied suggestion (docs/behaviour/sources.md#suggest-from-a-sample-file). */
  suggestedMapping?: SuggestedMapping;
}

export const NEW_INVENTORY_SOURCE: InventoryFormValues = {
  ...NEW_MAIL_RULE,
  daysUntilNoUpdateNotification: '',
  itemNumberColumnName: '',
  qtyColumnName: '',
  statusSupersedesQuantity: false,
  statusAvailableList: '',
  statusOutOfStockList: '',
  itemStatusColumnName: '',
  minItemsToBeActive: '',
  fileHasHeader: true,
  stripLeadingZeroes: false,
  usesPredictiveAlgorithm: false,
  lookbackDays: '',
  minDataPoints: '',
  safetyMultiplier: '',
  safetyPadding: '',
  largeDropThreshold: '',
  largeDropMultiplier: '',
  sftpServerAddress: '',
  sftpPort: '',
  sftpUsername: '',
  sftpPassword: '',
  sftpInboundFolder: '',
  sftpOutboundFolder: '',
  driftGuardPercent: String(DEFAULT_DRIFT_GUARD_PERCENT),
  fileData: {
    userActivatedItemNumbers: '',
    inventoryFileName: '',
    activeStatus: true,
    headerRowIndex: '',
    fileHasHeader: true,
    itemNumberColumnName: '',
    itemStatusColumnName: '',
    itemStatusDateColumnName: '',
  },
  sampleFile: null,
};

export function toInventoryFormValues(source: InventorySource): InventoryFormValues {
  const fileData = source.fileData;
  return {
    ...toMailRuleFormValues(source),
    daysUntilNoUpdateNotification: numberText(source.daysUntilNoUpdateNotification),
    itemNumberColumnName: source.itemNumberColumnName ?? '',
    qtyColumnName: source.qtyColumnName ?? '',
    statusSupersedesQuantity: Boolean(source.statusSupersedesQuantity),
    statusAvailableList: source.statusAvailableList ?? '',
    statusOutOfStockList: source.statusOutOfStockList ?? '',
    itemStatusColumnName: source.itemStatusColumnName ?? '',
    minItemsToBeActive: numberText(source.minItemsToBeActive),
    fileHasHeader: source.fileHasHeader ?? true,
    stripLeadingZeroes: Boolean(source.stripLeadingZeroes),
    usesPredictiveAlgorithm: Boolean(source.usesPredictiveAlgorithm),
    lookbackDays: numberText(source.lookbackDays),
    minDataPoints: numberText(source.minDataPoints),
    safetyMultiplier: numberText(source.safetyMultiplier),
    safetyPadding: numberText(source.safetyPadding),
    largeDropThreshold: numberText(source.largeDropThreshold),
    largeDropMultiplier: numberText(source.largeDropMultiplier),
    sftpServerAddress: source.sftpServerAddress ?? '',
    sftpPort: numberText(source.sftpPort),
    sftpUsername: source.sftpUsername ?? '',
    // Never sent back by the server; blank keeps the stored one.
    sftpPassword: '',
    sftpInboundFolder: source.sftpInboundFolder ?? '',
    sftpOutboundFolder: source.sftpOutboundFolder ?? '',
    driftGuardPercent: numberText(source.driftGuardPercent ?? DEFAULT_DRIFT_GUARD_PERCENT),
    fileData: {
      userActivatedItemNumbers: fileData?.userActivatedItemNumbers ?? '',
      inventoryFileName: fileData?.inventoryFileName ?? '',
      activeStatus: fileData?.activeStatus ?? true,
      headerRowIndex: numberText(fileData?.headerRowIndex),
      fileHasHeader: fileData?.fileHasHeader ?? true,
      itemNumberColumnName: fileData?.itemNumberColumnName ?? '',
      itemStatusColumnName: fileData?.itemStatusColumnName ?? '',
      itemStatusDateColumnName: fileData?.itemStatusDateColumnName ?? '',
    },
    sampleFile: null,
  };
}

const schemaResolver = zodFormResolver<InventoryFormValues, TInventorySource>(ZInventorySourceSchema);

/** The SFTP settings in the form (the port as typed), as a stored SFTP password follows them. */
export function sftpSettingsOf(
  values: Pick<InventoryFormValues, 'sftpServerAddress' | 'sftpPort' | 'sftpUsername'>,
): SftpSecretSettings {
  return {
    sftpServerAddress: values.sftpServerAddress ?? '',
    sftpPort: formPort(values.sftpPort),
    sftpUsername: values.sftpUsername ?? '',
  };
}

/** The SFTP settings of a loaded source whose password is stored; null when none is. */
export function storedSftpSettings(source: InventorySource | undefined): SftpSecretSettings | null {
  if (!source?.sftpPasswordSet) return null;
  return {
    sftpServerAddress: source.sftpServerAddress,
    sftpPort: source.sftpPort,
    sftpUsername: source.sftpUsername,
  };
}

/**
 * The contract's schema, plus: a new source without a stored sample needs a sample file; and a
 * stored SFTP password whose server, port or user name changed must be typed again (`stored` gives the
 * settings it was saved with, read at each validation).
 */
export function inventorySourceResolver(
  stored: () => SftpSecretSettings | null,
): Resolver<InventoryFormValues, unknown, TInventorySource> {
  return async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    const needsSample = values.id === 0 && !values.sampleFile && !values.fileData.inventoryFileName;
    const secret = sftpSecretState(stored(), sftpSettingsOf(values));
    const retype = secret.kind === 'retype' && values.sftpPassword === '' ? secret.message : null;
    if (!needsSample && !retype) return result;
    const errors = { ...result.errors } as FieldErrors<InventoryFormValues>;
    if (needsSample) {
      errors.fileData = {
        ...errors.fileData,
        inventoryFile: { type: 'required', message: M.sampleFileRequired },
      } as FieldErrors<InventoryFormValues>['fileData'];
    }
    if (retype) errors.sftpPassword = { type: 'required', message: retype };
    return { values: {}, errors };
  };
}

/** Why a chosen sample file is refused, or null. */
export function sampleFileProblem(file: File): string | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
  if (!(SAMPLE_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
    return `Invalid file type. Expected ${SAMPLE_FILE_EXTENSIONS.join(', ')} but got ${extension || 'no extension'}`;
  }
  if (file.size > MAX_UPLOAD_BYTES) return 'File size must be less than 10MB';
  return null;
}

export interface StoredSample {
  name: string;
  data: string;
}

/**
 * The save rule (docs/behaviour/sources.md#sample-file): with a newly chosen file, fileData carries inventoryFile (base64), its name and the
 * source's activeStatus; otherwise the stored file's name and base64 data. Numbers are already numbers or null.
 */
export async function toInventorySaveBody(
  values: TInventorySource,
  newFile: File | null,
  stored: StoredSample | null,
): Promise<Record<string, unknown>> {
  const { inventoryFile: _file, inventoryFileData: _data, ...fileData } = values.fileData;
  if (newFile) {
    return {
      ...values,
      fileData: {
        ...fileData,
        inventoryFile: await readFileAsBase64(newFile),
        inventoryFileName: newFile.name,
        activeStatus: values.activeStatus,
      },
    };
  }
  return {
    ...values,
    fileData: {
      ...fileData,
      inventoryFileName: stored?.name ?? fileData.inventoryFileName,
      inventoryFileData: stored?.data ?? null,
    },
  };
}

/** Whether the text of a number input is empty or a number the field accepts. */
export function isAcceptableNumberText(value: string, min: number, max: number, integer: boolean) {
  const trimmed = value.trim();
  if (trimmed === '') return true;
  const number = Number(trimmed);
  return Number.isFinite(number) && number >= min && number <= max && (!integer || Number.isInteger(number));
}

export const isDecimalField = (field: PredictiveField) => PREDICTIVE_RANGES[field].step < 1;
