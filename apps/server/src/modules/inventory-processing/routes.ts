/**
 * Inventory processing routes (docs/behaviour/inventory.md#calls; docs/behaviour/inventory.md#drift-guard), for inventory users: manual processing, the debug
 * "Modify File" (Debug Mode only), and the operator's decision on a run the drift guard held.
 */
import {
  INVENTORY_PROCESSING_MESSAGES as M,
  ZDebugModifyFieldsSchema,
  ZInventoryDebugModifyResultSchema,
  ZInventoryHistoryQuerySchema,
  ZInventoryHistoryResponseSchema,
  ZInventoryProcessingResultSchema,
  ZItemHistoryQuerySchema,
  ZItemHistoryResponseSchema,
  ZManualProcessFieldsSchema,
  ZRunRecordSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { progressOf } from '../../lib/progress';
import { apiDocs, fileUpload, idParams, NO_CONTENT } from '../../lib/route-docs';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS, sessionUserOrThrow } from '../../plugins/session';
import { approveHeldRun, discardHeldRun } from './held-runs';
import { getInventoryHistory, getItemHistory } from './history';
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

  // The charts (docs/behaviour/inventory.md#charts): the same users as the source and its runs.
  const clock = () => ({ now: context.clock.now(), timeZone: context.config.notificationTimeZone });
  app.get<{ Params: { id: string } }>(
    '/api/inventory-sources/:id/history',
    {
      config: access,
      schema: docs({
        summary:
          'Per run over the last days: items Active and Inactive, switched each way, held runs, days without a file',
        params: idParams(),
        querystring: ZInventoryHistoryQuerySchema,
        response: { 200: ZInventoryHistoryResponseSchema },
      }),
    },
    async (request) =>
      getInventoryHistory(
        context.db,
        parseIdParam(request.params.id),
        validate(ZInventoryHistoryQuerySchema, request.query),
        clock(),
      ),
  );

  app.get<{ Params: { id: string; itemNumber: string } }>(
    '/api/inventory-sources/:id/items/:itemNumber/history',
    {
      config: access,
      schema: docs({
        summary:
          'Why this item? Its snapshots over the lookback window, the prediction a run computed and its status changes',
        params: z.object({ id: z.string(), itemNumber: z.string() }),
        querystring: ZItemHistoryQuerySchema,
        response: { 200: ZItemHistoryResponseSchema },
      }),
    },
    async (request) =>
      getItemHistory(
        context.db,
        parseIdParam(request.params.id),
        request.params.itemNumber,
        validate(ZItemHistoryQuerySchema, request.query),
      ),
  );
}
