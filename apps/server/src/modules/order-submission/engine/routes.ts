import {
  ZResendSubmissionOutcomeSchema,
  ZVendorPreviewRequestSchema,
  ZVendorPreviewResponseSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { apiDocs, idParams, NO_CONTENT } from '../../../lib/route-docs';
import { parseIdParam, validate } from '../../../lib/validate';
import { SOURCE_ACCESS } from '../../../plugins/session';
import { previewVendorFile } from './preview';
import { resendVendorRun } from './resend';

/** A preview carries an order file and a template as base64 (10 MB each at most). */
const PREVIEW_BODY_LIMIT = 30 * 1024 * 1024;

const docs = apiDocs('Order submission');

/** The submission engine's calls (beyond the spec): re-send a vendor submission, preview a vendor file. */
export async function orderSubmissionEngineRoutes(app: FastifyInstance, context: AppContext) {
  const access = { access: SOURCE_ACCESS.submission };

  app.post<{ Params: { runId: string } }>(
    '/api/order-submission/runs/:runId/resend',
    {
      config: access,
      schema: docs({
        summary: 'Send a vendor submission again, as a new run',
        params: idParams('runId'),
        body: NO_CONTENT,
        response: { 200: ZResendSubmissionOutcomeSchema },
      }),
    },
    async (request) => resendVendorRun(context, parseIdParam(request.params.runId, 'runId')),
  );

  app.post(
    '/api/order-submission/vendor/preview',
    {
      // Reads the file sent and stores nothing: a read-only API token may call it.
      config: { ...access, readOnly: true },
      bodyLimit: PREVIEW_BODY_LIMIT,
      schema: docs({
        summary:
          'Preview the file a vendor would be sent for an order file (base64 in, base64 out; nothing stored)',
        body: ZVendorPreviewRequestSchema,
        response: { 200: ZVendorPreviewResponseSchema },
      }),
    },
    async (request) => previewVendorFile(context.db, validate(ZVendorPreviewRequestSchema, request.body)),
  );
}
