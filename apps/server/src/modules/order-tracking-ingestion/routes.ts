/**
 * Manual processing of order tracking files (beyond the spec): an order user uploads a file to preview
 * how the source's settings read it, or to import it through the same processor mail intake uses.
 */
import { MAX_UPLOAD_BYTES, ZHeaderDriftSchema, ZReprocessOutcomeSchema } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { isSpreadsheetError } from '../../integrations/spreadsheet';
import { AppError } from '../../lib/app-error';
import { progressOf } from '../../lib/progress';
import { apiDocs, fileUpload, idParams } from '../../lib/route-docs';
import { assertNoNulCharacter, parseIdParam } from '../../lib/validate';
import { SOURCE_ACCESS } from '../../plugins/session';
import type { IncomingFile, ProcessFileOutcome } from '../intake/file-processors';
import { findLiveOrderTrackingSource } from '../order-tracking-sources/repository';
import { toOrderRecord } from './map-rows';
import { IngestFailure, orderTrackingFileProcessor, prepareFile } from './processor';

export const PREVIEW_ROWS = 20;
export const UPLOAD_FIELD = 'file';
export const UPLOAD_TOO_LARGE_MESSAGE = 'File size must be less than 10MB';

/** POST /api/order-tracking-sources/:id/preview: the file as the source would import it; nothing is written. */
const ZOrderTrackingPreviewSchema = z.object({
  fileName: z.string(),
  headers: z.array(z.string()),
  /** The first rows as mapped: rowNumber, uniqueKey and every order field (trackingNumbers as a list). */
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null(), z.array(z.string())]))),
  /** Data rows in the file (blank rows not counted). */
  totalRows: z.number().int(),
  warnings: z.array(z.string()),
  headerDrift: ZHeaderDriftSchema.nullable(),
  /** Why the file would fail: a bad file or a mapping that no longer finds its column. */
  error: z.string().optional(),
});
export type OrderTrackingPreview = z.infer<typeof ZOrderTrackingPreviewSchema>;

/** POST /api/order-tracking-sources/:id/process. */
const ZOrderTrackingProcessResponseSchema = ZReprocessOutcomeSchema.omit({
  reprocessOfRunId: true,
}).required();
export type OrderTrackingProcessResponse = Required<Omit<ProcessFileOutcome, 'status' | 'afterCommit'>> & {
  status: ProcessFileOutcome['status'];
};

const docs = apiDocs('Order tracking sources');

/** The one uploaded file of a multipart request, in the field `file`, at most 10 MB. */
async function readUpload(request: FastifyRequest): Promise<IncomingFile> {
  if (!request.isMultipart()) {
    throw AppError.badRequest(`Upload the file as multipart/form-data in the field "${UPLOAD_FIELD}".`);
  }
  try {
    const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!part || part.fieldname !== UPLOAD_FIELD) {
      throw AppError.badRequest(`No file was uploaded in the field "${UPLOAD_FIELD}".`);
    }
    const content = await part.toBuffer();
    assertNoNulCharacter(part.filename, UPLOAD_FIELD);
    const fileName = part.filename.trim() || 'upload';
    return { fileName, content };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'FILE_TOO_LARGE', UPLOAD_TOO_LARGE_MESSAGE);
    throw AppError.badRequest(`The upload could not be read: ${(error as Error).message}`);
  }
}

async function sourceOrNotFound(db: DbOrTx, id: number) {
  const source = await findLiveOrderTrackingSource(db, id);
  if (!source) throw AppError.notFound('Order tracking source not found');
  return source;
}

export async function orderTrackingIngestionRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  const orderUserUploads = { config: { access: SOURCE_ACCESS.order, body: 'file' as const } };

  app.post<{ Params: { id: string } }>(
    '/api/order-tracking-sources/:id/preview',
    {
      ...orderUserUploads,
      schema: docs({
        summary: 'Preview how the source reads an uploaded file (nothing is stored)',
        params: idParams(),
        body: fileUpload(),
        response: { 200: ZOrderTrackingPreviewSchema },
      }),
    },
    async (request): Promise<OrderTrackingPreview> => {
      const source = await sourceOrNotFound(db, parseIdParam(request.params.id));
      const file = await readUpload(request);
      try {
        const mapping = await prepareFile(source, file, { previewRows: PREVIEW_ROWS });
        return {
          fileName: file.fileName,
          headers: mapping.headers,
          rows: mapping.preview.map(toOrderRecord),
          totalRows: mapping.counts.rowsRead,
          warnings: mapping.warnings,
          headerDrift: mapping.headerDrift,
        };
      } catch (error) {
        if (!(error instanceof IngestFailure) && !isSpreadsheetError(error)) throw error;
        const extra = error instanceof IngestFailure ? error.extra : {};
        return {
          fileName: file.fileName,
          headers: extra.headers ?? [],
          rows: [],
          totalRows: 0,
          warnings: extra.warnings ?? [],
          headerDrift: extra.headerDrift ?? null,
          error: error.message,
        };
      }
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/order-tracking-sources/:id/process',
    {
      ...orderUserUploads,
      schema: docs({
        summary: 'Import an uploaded file through the source, as mail intake would',
        params: idParams(),
        body: fileUpload(),
        response: { 200: ZOrderTrackingProcessResponseSchema },
      }),
    },
    async (request): Promise<OrderTrackingProcessResponse> => {
      const sourceId = parseIdParam(request.params.id);
      await sourceOrNotFound(db, sourceId);
      const progress = progressOf(request, 'rows');
      const file = await readUpload(request);
      const outcome = await db.transaction((tx) =>
        orderTrackingFileProcessor.process({
          db: tx,
          context,
          sourceId,
          file,
          trigger: 'manual',
          progress,
        }),
      );
      await outcome.afterCommit?.();
      return {
        runId: outcome.runId,
        status: outcome.status,
        message: outcome.message,
        ordersUpdated: outcome.ordersUpdated ?? 0,
        ordersNew: outcome.ordersNew ?? 0,
        ordersChanged: outcome.ordersChanged ?? 0,
        ordersDeleted: outcome.ordersDeleted ?? 0,
      };
    },
  );
}
