import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app';

export async function inventorySourceRoutes(_app: FastifyInstance, _context: AppContext) {}
