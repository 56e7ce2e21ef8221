import {
  ZAcceptSftpHostKeySchema,
  ZActiveToggleSchema,
  ZInventorySourceSchema,
  ZSftpConnectionTestSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS } from '../../plugins/session';
import { attachmentHeader } from '../files/stored-files';
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

/** Inventory sources (docs/behaviour/sources.md#inventory-sources), for inventory users. */
export async function inventorySourceRoutes(app: FastifyInstance, { db, secrets, config }: AppContext) {
  const inventoryUsers = { config: { access: SOURCE_ACCESS.inventory } };
  type IdParams = { Params: { id: string } };

  app.get('/api/inventory-sources/inventories', inventoryUsers, async () => listInventorySources(db));

  app.get<IdParams>('/api/inventory-sources/inventory/:id', inventoryUsers, async (request) =>
    getInventorySource(db, parseIdParam(request.params.id)),
  );

  app.post('/api/inventory-sources/inventory/save', inventoryUsers, async (request) =>
    saveInventorySource(db, secrets, validate(ZInventorySourceSchema, request.body)),
  );

  // The spec's client deletes with this POST (docs/behaviour/sources.md#deleting-sources), not with DELETE.
  app.post<IdParams>('/api/inventory-sources/inventory/:id', inventoryUsers, async (request, reply) => {
    await deleteInventorySource(db, parseIdParam(request.params.id));
    return reply.code(204).send();
  });

  app.get<IdParams>(
    '/api/inventory-sources/inventory/:id/sample-file',
    inventoryUsers,
    async (request, reply) => {
      const file = await getInventorySampleFile(db, parseIdParam(request.params.id));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentHeader(file.fileName))
        .send(file.content);
    },
  );

  app.post<IdParams>('/api/inventory-sources/:id/active', inventoryUsers, async (request) =>
    setInventorySourceActive(
      db,
      parseIdParam(request.params.id),
      validate(ZActiveToggleSchema, request.body),
    ),
  );

  app.post('/api/inventory-sources/test-sftp', inventoryUsers, async (request) =>
    testSftpConnection(db, secrets, config, validate(ZSftpConnectionTestSchema, request.body)),
  );

  // Trusts the new host key a refused connection reported, after the user has checked it.
  app.post<IdParams>('/api/inventory-sources/:id/sftp-host-key/accept', inventoryUsers, async (request) =>
    acceptSftpHostKey(db, parseIdParam(request.params.id), validate(ZAcceptSftpHostKeySchema, request.body)),
  );
}
