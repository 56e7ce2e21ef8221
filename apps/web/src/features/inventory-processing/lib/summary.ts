/**
 * Pure logic of the manual processing screen: the expected-output texts, the debug summary's success rate,
 * the result a failed request stands for (docs/behaviour/inventory.md#manual-processing), and the results card's state title.
 */
import {
  emptyColumnInfo,
  emptySummary,
  type InventoryDebugModifyResult,
  type InventoryProcessingResult,
  type InventoryProcessingSummary,
  type RunRecord,
} from '@app/contracts';
import { ApiError } from '@/lib/api-client';

// ------------------------------------------------------------------------------------ expected output

/** docs/behaviour/inventory.md#manual-processing: items at or above the minimum (or above 0 when none is set) are marked Active. */
export function activeRuleText(minItemsToBeActive: number | null | undefined): string {
  return minItemsToBeActive === null || minItemsToBeActive === undefined
    ? 'Items with quantity above 0 are marked Active.'
    : `Items with quantity at or above ${minItemsToBeActive.toLocaleString('en-US')} are marked Active.`;
}

/** The generated file's header row: its 0-based index, or 'No header row'. */
export function headerRowText(fileData: { fileHasHeader: boolean; headerRowIndex: number | null }): string {
  return fileData.fileHasHeader ? String(fileData.headerRowIndex ?? 0) : 'No header row';
}

/** Item number as the server keys it: trimmed, upper-cased, leading zeros stripped when the source does. */
function itemKey(text: string, stripLeadingZeroes: boolean): string {
  let key = text.trim().toUpperCase();
  if (stripLeadingZeroes && key.length > 1 && key.startsWith('0')) key = key.replace(/^0+/, '') || '0';
  return key;
}

/** How many distinct items the comma (or line) separated user-activated list names. */
export function countActivatedItems(list: string | null | undefined, stripLeadingZeroes = false): number {
  const keys = new Set<string>();
  for (const part of (list ?? '').split(/[,;\r\n\t]+/)) {
    if (part.trim() !== '') keys.add(itemKey(part, stripLeadingZeroes));
  }
  return keys.size;
}

// ------------------------------------------------------------------------------------ debug analysis

/** Processed rows as a share of all rows, in percent (0 for a file without rows). */
export function successRate(
  summary: Pick<InventoryProcessingSummary, 'totalRows' | 'processedRows'>,
): number {
  if (summary.totalRows <= 0) return 0;
  return (summary.processedRows / summary.totalRows) * 100;
}

/** 100 → '100%', 85.714 → '85.7%'. */
export function formatPercent(value: number): string {
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

/** A 0-based column index, or 'Not found' for -1. */
export function columnIndexText(index: number): string {
  return index < 0 ? 'Not found' : String(index);
}

// ------------------------------------------------------------------------------------ failed requests

/** docs/behaviour/inventory.md#messages: the server's message when it sent one, else the screen's fallback. */
export function requestFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const body = error.body;
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      const message = body.message.trim();
      if (message !== '') return message;
    }
  }
  return fallback;
}

type SourceColumns = Parameters<typeof emptyColumnInfo>[0];

/** docs/behaviour/inventory.md#manual-processing: a failed request is a result with success false, the message, a single error, zero counts. */
export function failedProcessingResult(message: string, source?: SourceColumns): InventoryProcessingResult {
  return {
    success: false,
    message,
    errors: [message],
    processedCount: 0,
    activeCount: 0,
    inactiveCount: 0,
    fileName: null,
    fileData: null,
    processingLogs: [],
    debugLogs: [],
    modificationsCount: 0,
    columnInfo: emptyColumnInfo(source),
    processingSummary: emptySummary(),
    runId: null,
    status: 'failed',
    heldReason: null,
    delivery: null,
    missingItems: [],
  };
}

export { failedDebugResult } from '@app/contracts';

// ------------------------------------------------------------------------------------ results card

/** What the results card shows: the answer of Process File or of Debug: Modify File. */
export type ManualResult =
  | { kind: 'process'; result: InventoryProcessingResult }
  | { kind: 'debug'; result: InventoryDebugModifyResult };

export const RESULT_TITLES = {
  ready: 'Ready to Process',
  processing: 'Processing File',
  complete: 'Processing Complete',
  failed: 'Processing Failed',
  debug: 'Debug File Modified',
  held: 'Held for Approval',
  discarded: 'Run Discarded',
} as const;

/**
 * The results card's title (docs/behaviour/inventory.md#manual-processing), plus the drift guard's states (docs/behaviour/inventory.md#drift-guard): a held run, and what
 * the operator decided (`decision`: the run as approve/discard answered it).
 */
export function resultTitle(
  processing: boolean,
  result: ManualResult | null,
  decision: Pick<RunRecord, 'status'> | null = null,
): string {
  if (processing) return RESULT_TITLES.processing;
  if (!result) return RESULT_TITLES.ready;
  if (result.kind === 'debug') return result.result.success ? RESULT_TITLES.debug : RESULT_TITLES.failed;
  if (decision?.status === 'succeeded') return RESULT_TITLES.complete;
  if (decision?.status === 'discarded') return RESULT_TITLES.discarded;
  if (result.result.status === 'held') return RESULT_TITLES.held;
  return result.result.success ? RESULT_TITLES.complete : RESULT_TITLES.failed;
}
