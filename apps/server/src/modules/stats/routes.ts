import {
  ZDailyStatsQuerySchema,
  ZDailyStatsResponseSchema,
  ZOrderTrackingUpdateStatSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { apiDocs } from '../../lib/route-docs';
import { validate } from '../../lib/validate';
import { getDailyOrderTrackingStats } from './daily-stats';
import { getUpdateStats } from './repository';

const docs = apiDocs('Home');

export async function statsRoutes(app: FastifyInstance, { db, config, clock }: AppContext) {
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

  // Home's chart below the table: the same figures per day, so open to the same users.
  app.get(
    '/api/stats/order-tracking/daily',
    {
      config: { access: 'user' },
      schema: docs({
        summary: 'Orders updated and deleted per order tracking source and day (NOTIFICATIONS_TIME_ZONE)',
        querystring: ZDailyStatsQuerySchema,
        response: { 200: ZDailyStatsResponseSchema },
      }),
    },
    async (request) =>
      getDailyOrderTrackingStats(db, {
        now: clock.now(),
        days: validate(ZDailyStatsQuerySchema, request.query).days,
        timeZone: config.notificationTimeZone,
      }),
  );
}
