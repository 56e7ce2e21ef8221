import {
  ZAcceptSftpHostKeySchema,
  ZActivatedItemListSchema,
  ZActiveToggleSchema,
  ZInventorySourceListItemSchema,
  ZInventorySourceResponseSchema,
  ZInventorySourceSchema,
  ZSftpConnectionTestResultSchema,
  ZSftpConnectionTestSchema,
  ZSftpHostKeyStateSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import {
  activeToggleDocs,
  apiDocs,
  deleteDocs,
  FILE_DOWNLOAD,
  fileUpload,
  idParams,
} from '../../lib/route-docs';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS, sessionUserOrThrow } from '../../plugins/session';
import { attachmentHeader } from '../files/stored-files';
import { readMultipartUpload } from '../inventory-processing/upload';
import { readActivatedItemList } from './read-item-list';
import {
  acceptSftpHostKey,
  deleteInventorySource,
  getInventorySampleFile,
  getInventorySource,
  listInventorySources,
  saveInventorySource,
  setInventorySourceActive,
  testSftpConnection,
} from './service';

const docs = apiDocs('Inventory sources');

/** Inventory sources (docs/behaviour/sources.md#inventory-sources), for inventory users. */
export async function inventorySourceRoutes(app: FastifyInstance, { db, secrets, config }: AppContext) {
  const access = { access: SOURCE_ACCESS.inventory };
  type IdParams = { Params: { id: string } };

  app.get(
    '/api/inventory-sources/inventories',
    {
      config: access,
      schema: docs({
        summary: 'Every inventory source with its last run',
        response: { 200: z.array(ZInventorySourceListItemSchema) },
      }),
    },
    async () => listInventorySources(db),
  );

  app.get<IdParams>(
    '/api/inventory-sources/inventory/:id',
    {
      config: access,
      schema: docs({
        summary: 'One inventory source (secrets never: sftpPasswordSet says whether one is stored)',
        params: idParams(),
        response: { 200: ZInventorySourceResponseSchema },
      }),
    },
    async (request) => getInventorySource(db, parseIdParam(request.params.id)),
  );

  app.post(
    '/api/inventory-sources/inventory/save',
    {
      config: access,
      schema: docs({
        summary: 'Create (id 0) or change an inventory source; a blank SFTP password keeps the stored one',
        body: ZInventorySourceSchema,
        response: { 200: ZInventorySourceResponseSchema },
      }),
    },
    async (request) =>
      saveInventorySource(
        db,
        secrets,
        validate(ZInventorySourceSchema, request.body),
        sessionUserOrThrow(request),
      ),
  );

  // The spec's client deletes with this POST (docs/behaviour/sources.md#deleting-sources), not with DELETE.
  app.post<IdParams>(
    '/api/inventory-sources/inventory/:id',
    {
      config: access,
      schema: docs(deleteDocs('an inventory source')),
    },
    async (request, reply) => {
      await deleteInventorySource(db, parseIdParam(request.params.id), sessionUserOrThrow(request));
      return reply.code(204).send();
    },
  );

  app.get<IdParams>(
    '/api/inventory-sources/inventory/:id/sample-file',
    {
      config: access,
      schema: docs({
        summary: 'Download the source’s stored sample file',
        params: idParams(),
        response: { 200: FILE_DOWNLOAD },
      }),
    },
    async (request, reply) => {
      const file = await getInventorySampleFile(db, parseIdParam(request.params.id));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentHeader(file.fileName))
        .send(file.content);
    },
  );

  app.post<IdParams>(
    '/api/inventory-sources/:id/active',
    {
      config: access,
      schema: docs(activeToggleDocs('an inventory source')),
    },
    async (request) =>
      setInventorySourceActive(
        db,
        parseIdParam(request.params.id),
        validate(ZActiveToggleSchema, request.body),
        sessionUserOrThrow(request),
      ),
  );

  app.post(
    '/api/inventory-sources/test-sftp',
    {
      config: access,
      schema: docs({
        summary: 'Test the SFTP settings on screen: connect, check the host key, list the inbound folder',
        body: ZSftpConnectionTestSchema,
        response: { 200: ZSftpConnectionTestResultSchema },
      }),
    },
    async (request) =>
      testSftpConnection(db, secrets, config, validate(ZSftpConnectionTestSchema, request.body)),
  );

  // Trusts the new host key a refused connection reported, after the user has checked it.
  app.post<IdParams>(
    '/api/inventory-sources/:id/sftp-host-key/accept',
    {
      config: access,
      schema: docs({
        summary: 'Trust the new SFTP host key the server presented',
        params: idParams(),
        body: ZAcceptSftpHostKeySchema,
        response: { 200: ZSftpHostKeyStateSchema },
      }),
    },
    async (request) =>
      acceptSftpHostKey(
        db,
        parseIdParam(request.params.id),
        validate(ZAcceptSftpHostKeySchema, request.body),
        sessionUserOrThrow(request),
      ),
  );

  // Beyond the spec: the editor's Upload item list (docs/behaviour/inventory.md#activated-items-from-a-file).
  app.post(
    '/api/inventory-sources/activated-items/read',
    {
      config: { ...access, body: 'file', readOnly: true },
      schema: docs({
        summary:
          'Read a list of user-activated items from a .txt, .csv, .xls or .xlsx file (nothing is stored)',
        description:
          'One item a line, or the column headed like Item, SKU, Part or Product (else the first column); ' +
          'items trimmed, blanks dropped, each once in the file’s order.',
        body: fileUpload(),
        response: { 200: ZActivatedItemListSchema },
      }),
    },
    async (request) => readActivatedItemList(await readMultipartUpload(request)),
  );
}
