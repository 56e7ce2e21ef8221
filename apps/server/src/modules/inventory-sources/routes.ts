import { ZActiveToggleSchema, ZInventorySourceSchema, ZSftpConnectionTestSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS } from '../../plugins/session';
import { attachmentHeader } from '../files/stored-files';
import {
  deleteInventorySource,
  getInventorySampleFile,
  getInventorySource,
  listInventorySources,
  saveInventorySource,
  setInventorySourceActive,
  testSftpConnection,
} from './service';

/** Inventory sources (spec 2 §2.5–2.6, §7), for inventory users. */
export async function inventorySourceRoutes(app: FastifyInstance, { db, secrets }: AppContext) {
  const inventoryUsers = { config: { access: SOURCE_ACCESS.inventory } };
  type IdParams = { Params: { id: string } };

  app.get('/api/inventory-sources/inventories', inventoryUsers, async () => listInventorySources(db));

  app.get<IdParams>('/api/inventory-sources/inventory/:id', inventoryUsers, async (request) =>
    getInventorySource(db, parseIdParam(request.params.id)),
  );

  app.post('/api/inventory-sources/inventory/save', inventoryUsers, async (request) =>
    saveInventorySource(db, secrets, validate(ZInventorySourceSchema, request.body)),
  );

  // The spec's client deletes with this POST (spec 2 §7), not with DELETE.
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
    testSftpConnection(db, secrets, validate(ZSftpConnectionTestSchema, request.body)),
  );
}
