/**
 * Suggest from a sample file (docs/behaviour/sources.md#suggest-from-a-sample-file): the set-up a file suggests
 * for an order tracking or an inventory source, and, for admins, clearing what this installation has learned.
 * A suggestion stores nothing: the file is read in the reader process and dropped.
 */
import {
  type MappingSuggestion,
  type MappingSuggestionKind,
  SPREADSHEET_FILE_TYPES,
  ZMappingEvidenceClearedSchema,
  ZMappingEvidenceSummarySchema,
  ZMappingSuggestionRequestSchema,
  ZMappingSuggestionSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { isSpreadsheetError } from '../../integrations/spreadsheet';
import { AppError } from '../../lib/app-error';
import { apiDocs, fileUpload, NO_CONTENT } from '../../lib/route-docs';
import { validate } from '../../lib/validate';
import { hasFlag, type SessionUser, sessionUserOrThrow, type UserFlag } from '../../plugins/session';
import { readMultipartUpload, requireUploadOfTypes } from '../inventory-processing/upload';
import { learnedEvidence } from './evidence';
import { deleteAllEvidence, evidenceSummary } from './evidence-repository';
import { readSampleRows, suggestMapping } from './index';

const docs = apiDocs('Mapping suggestions');

/** Who may ask for which kind: the flag of the source kind's users; admins hold every flag. */
const KIND_FLAG: Record<MappingSuggestionKind, UserFlag> = {
  'order-tracking': 'orderUser',
  inventory: 'inventoryUser',
};

const KIND_REFUSED: Record<MappingSuggestionKind, string> = {
  'order-tracking': 'Suggestions for order tracking sources are for order users',
  inventory: 'Suggestions for inventory sources are for inventory users',
};

function assertMayAsk(user: SessionUser, kind: MappingSuggestionKind) {
  if (!hasFlag(user, KIND_FLAG[kind])) throw AppError.forbidden(KIND_REFUSED[kind]);
}

export async function mappingSuggestionRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;

  app.post(
    '/api/mapping-suggestions',
    {
      config: {
        access: { anyFlag: ['orderUser', 'inventoryUser'] },
        body: 'file',
        readOnly: true,
      },
      schema: docs({
        summary: 'Suggest a source’s column mapping from a sample file (nothing is stored)',
        description:
          'kind order-tracking needs an order user, kind inventory an inventory user (admins both). The answer ' +
          'weighs what operators of this installation mapped before.',
        body: fileUpload(ZMappingSuggestionRequestSchema),
        response: { 200: ZMappingSuggestionSchema },
      }),
    },
    async (request): Promise<MappingSuggestion> => {
      const user = sessionUserOrThrow(request);
      const upload = await readMultipartUpload(request);
      const { kind } = validate(ZMappingSuggestionRequestSchema, upload.fields);
      assertMayAsk(user, kind);
      // The spreadsheet types every other upload takes, up to 10 MB (the multipart limit).
      const file = requireUploadOfTypes(upload, SPREADSHEET_FILE_TYPES);
      let rows: string[][];
      try {
        rows = await readSampleRows(file.content, { fileName: file.fileName });
      } catch (error) {
        if (!isSpreadsheetError(error)) throw error;
        throw AppError.badRequest(error.message, { file: error.message });
      }
      return suggestMapping(rows, kind, await learnedEvidence(db, kind));
    },
  );

  app.get(
    '/api/mapping-suggestions/evidence',
    {
      config: { access: 'admin' },
      schema: docs({
        summary: 'How many mappings this installation learned from saved sources (admins only)',
        response: { 200: ZMappingEvidenceSummarySchema },
      }),
    },
    async () => evidenceSummary(db),
  );

  app.delete(
    '/api/mapping-suggestions/evidence',
    {
      config: { access: 'admin' },
      schema: docs({
        summary: 'Forget the mappings this installation learned from saved sources (admins only)',
        body: NO_CONTENT,
        response: { 200: ZMappingEvidenceClearedSchema },
      }),
    },
    async () => ({ deleted: await deleteAllEvidence(db) }),
  );
}
