import { z } from 'zod';

/** The recogniser's answer for one number, as the API, the order records and the webhooks carry it. */
export const CHECK_DIGIT_RESULTS = ['valid', 'invalid', 'none'] as const;

export const ZCarrierFieldsSchema = z.object({
  carrier: z
    .string()
    .nullable()
    .describe('Stable carrier code (ups, fedex, usps, dhl, post_ch…); null when no known format fits'),
  carrierName: z.string().nullable(),
  service: z
    .string()
    .nullable()
    .describe('The service where the format tells it, e.g. FedEx Ground, USPS IMpb'),
  checkDigit: z
    .enum(CHECK_DIGIT_RESULTS)
    .describe(
      'invalid: the check digit does not match (possibly mistyped); none: no check digit or no carrier',
    ),
  url: z.string().nullable().describe('The carrier’s public tracking page for the number, or null'),
});
export type TCarrierFields = z.infer<typeof ZCarrierFieldsSchema>;

export const MAX_RECOGNISE_NUMBERS = 1000;
export const MAX_RECOGNISE_NUMBER_LENGTH = 64;

/** POST /api/tracking-numbers/recognise (docs/behaviour/order-tracking.md#recognise-api). */
export const ZRecogniseRequestSchema = z.object({
  numbers: z
    .array(
      z
        .string('Each number must be a string')
        .max(MAX_RECOGNISE_NUMBER_LENGTH, `Each number is at most ${MAX_RECOGNISE_NUMBER_LENGTH} characters`),
      'numbers must be a list of strings',
    )
    .min(1, 'Send at least one number')
    .max(MAX_RECOGNISE_NUMBERS, `Send at most ${MAX_RECOGNISE_NUMBERS} numbers at a time`),
});
export type TRecogniseRequest = z.infer<typeof ZRecogniseRequestSchema>;

export const ZRecognisedNumberSchema = ZCarrierFieldsSchema.extend({
  number: z.string().describe('As given'),
  normalized: z.string().describe('Trimmed, spaces and dashes dropped, upper-case'),
  confidence: z
    .enum(['high', 'low'])
    .nullable()
    .describe(
      'low: a digits-only format told apart by its length and check digit alone (a random number passes about 1 time in 10)',
    ),
});
export const ZRecogniseResponseSchema = z.object({ results: z.array(ZRecognisedNumberSchema) });
export type TRecogniseResponse = z.infer<typeof ZRecogniseResponseSchema>;
