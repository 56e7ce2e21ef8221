/**
 * Inventory processing routes (docs/behaviour/inventory.md#calls; docs/behaviour/inventory.md#drift-guard), for inventory users: manual processing, the debug
 * "Modify File" (Debug Mode only), and the operator's decision on a run the drift guard held.
 */
import { INVENTORY_PROCESSING_MESSAGES as M } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { progressOf } from '../../lib/progress';
import { parseIdParam } from '../../lib/validate';
import { SOURCE_ACCESS, sessionUserOrThrow } from '../../plugins/session';
import { approveHeldRun, discardHeldRun } from './held-runs';
import { debugModifyUpload, manuallyProcessFile } from './service';
import { readMultipartUpload } from './upload';

export async function inventoryProcessingRoutes(app: FastifyInstance, context: AppContext) {
  const inventoryUsers = { config: { access: SOURCE_ACCESS.inventory } };
  const inventoryUserUploads = { config: { access: SOURCE_ACCESS.inventory, body: 'file' as const } };
  type RunParams = { Params: { runId: string } };

  app.post('/api/inventory-sources/manually-process', inventoryUserUploads, async (request) =>
    manuallyProcessFile(context, await readMultipartUpload(request), progressOf(request, 'rows')),
  );

  app.post('/api/inventory-sources/debug-modify-file', inventoryUserUploads, async (request) => {
    const user = sessionUserOrThrow(request);
    // Refused before the upload is read.
    if (!user.debugMode) throw AppError.forbidden(M.debugModeRequired);
    return debugModifyUpload(context, user, await readMultipartUpload(request));
  });

  app.post<RunParams>('/api/inventory-sources/runs/:runId/approve', inventoryUsers, async (request) =>
    approveHeldRun(
      context,
      parseIdParam(request.params.runId, 'runId'),
      sessionUserOrThrow(request).username,
    ),
  );

  app.post<RunParams>('/api/inventory-sources/runs/:runId/discard', inventoryUsers, async (request) =>
    discardHeldRun(
      context,
      parseIdParam(request.params.runId, 'runId'),
      sessionUserOrThrow(request).username,
    ),
  );
}
