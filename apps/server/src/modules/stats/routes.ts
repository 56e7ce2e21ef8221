import { ZOrderTrackingUpdateStatSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { apiDocs } from '../../lib/route-docs';
import { getUpdateStats } from './repository';

const docs = apiDocs('Home');

export async function statsRoutes(app: FastifyInstance, { db }: AppContext) {
  // Home is open to every signed-in user (docs/behaviour/home.md#statistics), so the stats it shows are too.
  app.get(
    '/api/order-tracking/list/update-stats',
    {
      config: { access: 'user' },
      schema: docs({
        summary: 'Orders updated and deleted per order tracking source in the last 24 hours',
        response: { 200: z.array(ZOrderTrackingUpdateStatSchema) },
      }),
    },
    async () => getUpdateStats(db),
  );
}
