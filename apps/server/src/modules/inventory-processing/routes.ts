/**
 * Inventory processing routes (docs/behaviour/inventory.md#calls; docs/behaviour/inventory.md#drift-guard), for inventory users: manual processing, the debug
 * "Modify File" (Debug Mode only), and the operator's decision on a run the drift guard held.
 */
import {
  INVENTORY_PROCESSING_MESSAGES as M,
  ZDebugModifyFieldsSchema,
  ZInventoryDebugModifyResultSchema,
  ZInventoryProcessingResultSchema,
  ZManualProcessFieldsSchema,
  ZRunRecordSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { progressOf } from '../../lib/progress';
import { apiDocs, fileUpload, idParams, NO_CONTENT } from '../../lib/route-docs';
import { parseIdParam } from '../../lib/validate';
import { SOURCE_ACCESS, sessionUserOrThrow } from '../../plugins/session';
import { approveHeldRun, discardHeldRun } from './held-runs';
import { debugModifyUpload, manuallyProcessFile } from './service';
import { readMultipartUpload } from './upload';

const docs = apiDocs('Inventory processing');
const runIdParams = idParams('runId');

export async function inventoryProcessingRoutes(app: FastifyInstance, context: AppContext) {
  const access = { access: SOURCE_ACCESS.inventory };
  const uploads = { access: SOURCE_ACCESS.inventory, body: 'file' as const };
  type RunParams = { Params: { runId: string } };

  app.post(
    '/api/inventory-sources/manually-process',
    {
      config: uploads,
      schema: docs({
        summary:
          'Process an uploaded supplier file through an inventory source (optionally deliver the result)',
        body: fileUpload(ZManualProcessFieldsSchema),
        response: { 200: ZInventoryProcessingResultSchema },
      }),
    },
    async (request) =>
      manuallyProcessFile(context, await readMultipartUpload(request), progressOf(request, 'rows')),
  );

  app.post(
    '/api/inventory-sources/debug-modify-file',
    {
      config: uploads,
      schema: docs({
        summary: 'Debug Mode only: write changed quantities into an uploaded supplier file',
        body: fileUpload(ZDebugModifyFieldsSchema),
        response: { 200: ZInventoryDebugModifyResultSchema },
      }),
    },
    async (request) => {
      const user = sessionUserOrThrow(request);
      // Refused before the upload is read.
      if (!user.debugMode) throw AppError.forbidden(M.debugModeRequired);
      return debugModifyUpload(context, user, await readMultipartUpload(request));
    },
  );

  app.post<RunParams>(
    '/api/inventory-sources/runs/:runId/approve',
    {
      config: access,
      schema: docs({
        summary: 'Approve a run the drift guard held: apply and deliver it',
        params: runIdParams,
        body: NO_CONTENT,
        response: { 200: ZRunRecordSchema },
      }),
    },
    async (request) =>
      approveHeldRun(
        context,
        parseIdParam(request.params.runId, 'runId'),
        sessionUserOrThrow(request).username,
      ),
  );

  app.post<RunParams>(
    '/api/inventory-sources/runs/:runId/discard',
    {
      config: access,
      schema: docs({
        summary: 'Discard a run the drift guard held',
        params: runIdParams,
        body: NO_CONTENT,
        response: { 200: ZRunRecordSchema },
      }),
    },
    async (request) =>
      discardHeldRun(
        context,
        parseIdParam(request.params.runId, 'runId'),
        sessionUserOrThrow(request).username,
      ),
  );
}
