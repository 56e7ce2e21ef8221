/**
 * The vendor editor's preview (beyond the spec): the file a vendor would receive for an order file, built
 * from the unsaved form as it is. Nothing is sent or stored. With no template in the form, an existing
 * vendor's stored template is used.
 */
import {
  type TOrderVendorSource,
  VENDOR_PREVIEW_ROW_LIMIT,
  type VendorPreviewResponse,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { AppError } from '../../../lib/app-error';
import { findLiveVendor, readTemplateFile } from '../../vendors/repository';
import { checkTemplateUpload } from '../../vendors/template';
import { findLiveOrderSubmissionSource } from '../sources-repository';
import { type OrderFile, OrderFileError, readOrderFile } from './order-file';
import { buildVendorFile, VendorFileError } from './vendor-file';
import { groupByVendor, vendorCell, vendorFileSettings } from './vendor-matching';

export interface PreviewInput {
  vendor: TOrderVendorSource;
  file: { fileName: string; contentBase64: string };
}

async function templateOf(
  db: DbOrTx,
  vendor: TOrderVendorSource,
): Promise<{ fileName: string; content: Buffer } | null> {
  if (vendor.submitFileTemplate !== null) {
    const check = await checkTemplateUpload(vendor.submitFileTemplateFileName, vendor.submitFileTemplate);
    if (!check.ok) throw AppError.badRequest(check.message, { 'vendor.submitFileTemplate': check.message });
    return check.upload;
  }
  if (vendor.id <= 0) return null;
  const row = await findLiveVendor(db, vendor.id);
  if (!row) throw AppError.notFound('Vendor source not found');
  if (row.submitFileTemplateId === null) return null;
  const stored = await readTemplateFile(db, row.submitFileTemplateId);
  return stored
    ? { fileName: row.submitFileTemplateFileName || stored.fileName, content: stored.content }
    : null;
}

export async function previewVendorFile(db: DbOrTx, input: PreviewInput): Promise<VendorPreviewResponse> {
  const { vendor } = input;
  const source = await findLiveOrderSubmissionSource(db, vendor.orderSubmissionSourceId);
  if (!source) {
    throw AppError.badRequest('The order submission source was not found', {
      'vendor.orderSubmissionSourceId': 'Required',
    });
  }
  const template = await templateOf(db, vendor);
  let orderFile: OrderFile;
  try {
    const content = Buffer.from(input.file.contentBase64, 'base64');
    orderFile = await readOrderFile(content, input.file.fileName, source.textEncoding);
  } catch (error) {
    if (error instanceof OrderFileError) {
      const message = `"${input.file.fileName}": ${error.message}`;
      throw AppError.badRequest(message, { 'file.contentBase64': message });
    }
    throw error;
  }
  // Only this vendor is matched: every other name in the file is another vendor (or nobody's).
  const grouping = groupByVendor(orderFile.lines, vendorCell, [
    {
      id: vendor.id,
      vendorNameFromFile: vendor.vendorNameFromFile,
      vendorProvidedAccountNumber: vendor.vendorProvidedAccountNumber,
      activeStatus: true,
      deletedStatus: false,
      vendorSourceAliases: vendor.vendorSourceAliases,
    },
  ]);
  const matched = grouping.groups[0]?.lines ?? [];
  const accountNumbers = [...new Set(matched.map((entry) => entry.accountNumber))];
  const accountNumber = accountNumbers.length === 1 ? accountNumbers[0]! : vendor.vendorProvidedAccountNumber;
  const settings = vendorFileSettings(vendor, template, {
    quantityOne: source.ordersAreAllQuantityOne,
    accountNumber,
  });
  try {
    const file = await buildVendorFile(
      settings,
      orderFile,
      matched.map((entry) => entry.line),
      `${vendor.vendorNameFromFile} preview`,
    );
    return {
      fileName: file.fileName,
      header: file.header,
      rows: file.rows.slice(0, VENDOR_PREVIEW_ROW_LIMIT),
      lineCount: matched.length,
      otherVendors: grouping.unknown.map((entry) => entry.vendorName).filter((name) => name !== ''),
      contentBase64: file.content.toString('base64'),
    };
  } catch (error) {
    if (error instanceof VendorFileError) throw AppError.badRequest(error.message);
    throw error;
  }
}
