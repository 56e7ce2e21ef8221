import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app';

export async function emailSourceRoutes(_app: FastifyInstance, _context: AppContext) {}
