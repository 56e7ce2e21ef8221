import { recogniseTrackingNumber, ZRecogniseRequestSchema, ZRecogniseResponseSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { apiDocs } from '../../lib/route-docs';
import { validate } from '../../lib/validate';

const docs = apiDocs('Tracking numbers');

/**
 * The carrier recogniser for integrators (docs/behaviour/order-tracking.md#recognise-api): any signed-in user,
 * and a read-only API token (it changes nothing). Pure computation, no database.
 */
export async function trackingNumberRoutes(app: FastifyInstance, _context: AppContext) {
  app.post(
    '/api/tracking-numbers/recognise',
    {
      config: { access: 'user', readOnly: true },
      schema: docs({
        summary:
          'Recognise tracking numbers: carrier, service, check digit and tracking page, in the order given',
        body: ZRecogniseRequestSchema,
        response: { 200: ZRecogniseResponseSchema },
      }),
    },
    async (request) => {
      const { numbers } = validate(ZRecogniseRequestSchema, request.body);
      return {
        results: numbers.map((number) => {
          const { normalized, carrier, carrierName, service, checkDigit, url, confidence } =
            recogniseTrackingNumber(number);
          return { number, normalized, carrier, carrierName, service, checkDigit, url, confidence };
        }),
      };
    },
  );
}
