import { ZVendorPreviewRequestSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { parseIdParam, validate } from '../../../lib/validate';
import { SOURCE_ACCESS } from '../../../plugins/session';
import { previewVendorFile } from './preview';
import { resendVendorRun } from './resend';

/** A preview carries an order file and a template as base64 (10 MB each at most). */
const PREVIEW_BODY_LIMIT = 30 * 1024 * 1024;

/** The submission engine's calls (beyond the spec): re-send a vendor submission, preview a vendor file. */
export async function orderSubmissionEngineRoutes(app: FastifyInstance, context: AppContext) {
  const submissionUsers = { config: { access: SOURCE_ACCESS.submission } };

  app.post<{ Params: { runId: string } }>(
    '/api/order-submission/runs/:runId/resend',
    submissionUsers,
    async (request) => resendVendorRun(context, parseIdParam(request.params.runId, 'runId')),
  );

  app.post(
    '/api/order-submission/vendor/preview',
    { ...submissionUsers, bodyLimit: PREVIEW_BODY_LIMIT },
    async (request) => previewVendorFile(context.db, validate(ZVendorPreviewRequestSchema, request.body)),
  );
}
