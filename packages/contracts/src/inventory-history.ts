/**
 * The inventory charts' payloads (docs/behaviour/inventory.md#charts): a source's runs over time, and one item's
 * history with the figures the predictive algorithm used for it.
 */
import { z } from 'zod';
import { ITEM_STATUSES } from './inventory-processing';

export const INVENTORY_HISTORY_DEFAULT_DAYS = 90;
export const INVENTORY_HISTORY_MAX_DAYS = 365;

export const ZInventoryHistoryQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a whole number' })
    .int('days must be a whole number')
    .min(1, 'days is at least 1')
    .max(INVENTORY_HISTORY_MAX_DAYS, `days is at most ${INVENTORY_HISTORY_MAX_DAYS}`)
    .default(INVENTORY_HISTORY_DEFAULT_DAYS),
});
export type TInventoryHistoryQuery = z.output<typeof ZInventoryHistoryQuerySchema>;

/** One run that read a file: the counts it recorded. A held run changed nothing (`held`), a discarded one neither. */
export const ZInventoryHistoryRunSchema = z.object({
  runId: z.number().int(),
  startedAt: z.string(),
  /** The day of the run in NOTIFICATIONS_TIME_ZONE. */
  date: z.string(),
  status: z.enum(['succeeded', 'held', 'discarded']),
  active: z.number().int(),
  inactive: z.number().int(),
  turnedActive: z.number().int(),
  turnedInactive: z.number().int(),
  inactiveEarly: z.number().int(),
  held: z.boolean(),
});
export type InventoryHistoryRun = z.infer<typeof ZInventoryHistoryRunSchema>;

export const ZInventoryHistoryResponseSchema = z.object({
  sourceId: z.number().int(),
  sourceName: z.string(),
  timeZone: z.string(),
  /** First and last day of the window (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  /** Oldest first. Failed runs are not here (they counted nothing): the runs chart shows them. */
  runs: z.array(ZInventoryHistoryRunSchema),
  /** Days of the window with no file at all (no run of any outcome): gaps, never interpolated. */
  daysWithoutFile: z.array(z.string()),
});
export type InventoryHistoryResponse = z.infer<typeof ZInventoryHistoryResponseSchema>;

export const ZItemHistoryQuerySchema = z.object({
  /** The run to explain; default the source's latest run that read this item. */
  runId: z.coerce.number().int('runId must be a whole number').positive('runId must be positive').optional(),
});
export type TItemHistoryQuery = z.output<typeof ZItemHistoryQuerySchema>;

const ZItemStatusSchema = z.enum(ITEM_STATUSES);

export const ZItemSnapshotSchema = z.object({
  runId: z.number().int(),
  at: z.string(),
  quantity: z.number(),
  /** False for a snapshot the algorithm left out: its run was held or still running then. */
  counted: z.boolean(),
});

/** The prediction exactly as the deciding code computed it (apps/server/src/modules/inventory-processing/predictive.ts). */
export const ZItemPredictionSchema = z.object({
  quantity: z.number(),
  points: z.number().int(),
  /** Decrease per day before the large-drop rule. */
  baseRate: z.number(),
  largeDrop: z.boolean(),
  /** Decrease per day used. */
  rate: z.number(),
  horizonDays: z.number(),
  predicted: z.number(),
  belowThreshold: z.boolean(),
  /** The reason the run logged when it switched the item off early; null when it did not. */
  reason: z.string().nullable(),
});
export type ItemPrediction = z.infer<typeof ZItemPredictionSchema>;

export const ZPredictiveSettingsSchema = z.object({
  lookbackDays: z.number(),
  minDataPoints: z.number(),
  safetyMultiplier: z.number(),
  safetyPadding: z.number(),
  largeDropThreshold: z.number(),
  largeDropMultiplier: z.number(),
});

export const ZItemStatusChangeSchema = z.object({
  runId: z.number().int(),
  at: z.string(),
  from: ZItemStatusSchema.nullable(),
  to: ZItemStatusSchema,
  reason: z.string(),
});
export type ItemStatusChange = z.infer<typeof ZItemStatusChangeSchema>;

export const ZItemHistoryResponseSchema = z.object({
  sourceId: z.number().int(),
  sourceName: z.string(),
  itemNumber: z.string(),
  /** The run explained; null when no run has read this item yet. */
  run: z
    .object({
      id: z.number().int(),
      at: z.string(),
      status: z.string(),
      decided: ZItemStatusSchema.nullable(),
    })
    .nullable(),
  /** The window the algorithm looked at: `lookbackDays` before the run. */
  window: z.object({ from: z.string(), to: z.string(), lookbackDays: z.number() }),
  /** The item's quantity at each snapshot in the window, oldest first. */
  snapshots: z.array(ZItemSnapshotSchema),
  /** minItemsToBeActive (null: above 0 is Active) and the rule in words. */
  threshold: z.object({ minItemsToBeActive: z.number().nullable(), text: z.string() }),
  /** The settings the run used; null when the predictive algorithm was off for it. */
  settings: ZPredictiveSettingsSchema.nullable(),
  prediction: ZItemPredictionSchema.nullable(),
  /** Why there is no prediction (off, too few snapshots, a supplier status decides, not in the file). */
  noPredictionReason: z.string().nullable(),
  current: z.object({ status: ZItemStatusSchema.nullable(), since: z.string().nullable() }),
  /** Status changes recorded by the source's runs in the window, oldest first. */
  statusChanges: z.array(ZItemStatusChangeSchema),
});
export type ItemHistoryResponse = z.infer<typeof ZItemHistoryResponseSchema>;
