import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { getUpdateStats } from './repository';

export async function statsRoutes(app: FastifyInstance, { db }: AppContext) {
  // Home is open to every signed-in user (docs/behaviour/home.md#statistics), so the stats it shows are too.
  app.get('/api/order-tracking/list/update-stats', { config: { access: 'user' } }, async () =>
    getUpdateStats(db),
  );
}
