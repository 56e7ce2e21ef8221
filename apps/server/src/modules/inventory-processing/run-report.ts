/**
 * What a run says about itself: its warnings, logs, message, details and the processing result
 * (docs/behaviour/inventory.md#processing-result). Pure: built from what the run decided and wrote.
 */
import type {
  InventoryColumnInfo,
  InventoryHeldInfo,
  InventoryModification,
  InventoryProcessingSummary,
  InventoryRunDetails,
} from '@app/contracts';
import { plural } from '../../lib/plural';
import type { InventorySourceRow } from '../inventory-sources/repository';
import type { Decision } from './decide-items';
import type { OutputTemplate } from './output-file';
import { LIST_CAP, type StateChanges } from './state-changes';
import type { ColumnPlan, SupplierData } from './supplier-file';

export interface InventoryProcessOptions {
  /** The processing time (tests and the benchmark fix it). Default: now. */
  now?: Date;
  /** Manual processing: what the switches asked to deliver, kept for the approval of a held run. */
  manualDelivery?: { sendEmail: boolean; submitSftp: boolean };
  /** Rows per snapshot insert. */
  batchSize?: number;
}

/** The processing result (docs/behaviour/inventory.md#processing-result) without the generated file's bytes and the delivery outcome. */
export interface InventoryRunReport {
  success: boolean;
  message: string;
  errors: string[];
  processedCount: number;
  activeCount: number;
  inactiveCount: number;
  processingLogs: string[];
  debugLogs: string[];
  modificationsCount: number;
  columnInfo: InventoryColumnInfo;
  processingSummary: InventoryProcessingSummary;
  runId: number;
  status: 'succeeded' | 'failed' | 'held';
  heldReason: string | null;
  warnings: string[];
  /** Every user-activated item missing from the file, uncapped (docs/behaviour/inventory.md#processing-result). */
  missingItems: string[];
}

type Source = Pick<
  InventorySourceRow,
  | 'itemNumberColumnName'
  | 'qtyColumnName'
  | 'itemStatusColumnName'
  | 'statusSupersedesQuantity'
  | 'usesPredictiveAlgorithm'
  | 'stripLeadingZeroes'
>;

function capped(list: readonly string[], total: number, cap = LIST_CAP): string {
  const more = total - Math.min(list.length, cap);
  return `${list.slice(0, cap).join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
}

/** The warnings about the user-activated items themselves: missing from the file, listed twice, none at all. */
export function activatedItemWarnings(input: {
  changes: Pick<StateChanges, 'missing' | 'missingCount'>;
  duplicateActivated: readonly string[];
  activatedCount: number;
}): string[] {
  const { missing, missingCount } = input.changes;
  const warnings: string[] = [];
  if (missingCount > 0) {
    warnings.push(
      `${plural(missingCount, 'user-activated item is', 'user-activated items are')} not in the supplier file and ${missingCount === 1 ? 'was' : 'were'} marked Inactive: ${capped(missing, missingCount)}.`,
    );
  }
  const duplicates = input.duplicateActivated;
  if (duplicates.length > 0) {
    warnings.push(
      `${plural(duplicates.length, 'user-activated item is', 'user-activated items are')} listed more than once: ${capped(duplicates, duplicates.length)}.`,
    );
  }
  if (input.activatedCount === 0)
    warnings.push('The source has no user-activated items: the generated file has no item rows.');
  return warnings;
}

export interface RunFacts {
  source: Source;
  plan: ColumnPlan;
  template: OutputTemplate;
  supplier: Pick<SupplierData, 'items' | 'counts'>;
  decisions: readonly Decision[];
  activeItemsFound: number;
  ruleThresholdText: string;
  changes: StateChanges;
  predictions: { earlyCount: number; reasons: string[]; modifications: InventoryModification[] };
  held: InventoryHeldInfo | undefined;
  fileName: string;
  rowCount: number;
  warnings: string[];
  /** Lines of the predictive algorithm's own account, before the reasons. */
  predictionLogs: string[];
  timings: string[];
  manualDelivery: InventoryProcessOptions['manualDelivery'];
}

export interface RunReportParts {
  status: 'succeeded' | 'held';
  message: string;
  heldReason: string | null;
  report: Omit<InventoryRunReport, 'runId' | 'status' | 'heldReason' | 'success' | 'message' | 'errors'>;
  details: InventoryRunDetails;
}

export function runReport(facts: RunFacts): RunReportParts {
  const { source, plan, template, supplier, decisions, changes, predictions, held, fileName, warnings } =
    facts;
  const { counts } = supplier;
  const { activeCount, inactiveCount, missingCount } = changes;
  const { earlyCount } = predictions;
  const processingLogs = [
    `Read ${plural(counts.totalRows, 'data row')} of the supplier file: ${plural(counts.processedRows, 'row')} with an item number (${plural(supplier.items.size, 'distinct item')}), ${plural(counts.skippedRows, 'row')} skipped.`,
    `${plural(facts.activeItemsFound, 'supplier item')} Active by the rule (quantity ${facts.ruleThresholdText}${source.statusSupersedesQuantity ? ', or an available status' : ''}).`,
    `${plural(decisions.length, 'user-activated item')}: ${activeCount.toLocaleString('en-US')} Active, ${inactiveCount.toLocaleString('en-US')} Inactive (${plural(missingCount, 'item')} missing from the file${source.usesPredictiveAlgorithm ? `, ${plural(earlyCount, 'item')} Inactive early by prediction` : ''}).`,
    `Status changes: ${changes.turnedActiveCount.toLocaleString('en-US')} to Active, ${changes.turnedInactiveCount.toLocaleString('en-US')} to Inactive.`,
    `Generated ${fileName} (${plural(facts.rowCount, 'item row')}).`,
  ];
  if (held) processingLogs.push(`Held for approval: ${held.reason}`);
  const debugLogs = [
    ...facts.predictionLogs,
    plan.hasHeader
      ? `Supplier header row: ${plan.headers.map((header) => `"${header}"`).join(', ')}`
      : 'Supplier file has no header row.',
    `Item number column "${source.itemNumberColumnName}" → index ${plan.itemColumn}; quantity column "${source.qtyColumnName}" → index ${plan.qtyColumn}${plan.statusColumn === null ? '' : `; status column "${source.itemStatusColumnName}" → index ${plan.statusColumn}`}.`,
    `Generated file: ${template.type}, data from row ${template.firstDataRow + 1}, item column ${template.itemColumn}, status column ${template.statusColumn}, date column ${template.dateColumn} (${template.dateDescription}).`,
    ...predictions.reasons,
    ...(earlyCount > predictions.reasons.length
      ? [
          `… and ${(earlyCount - predictions.reasons.length).toLocaleString('en-US')} more items Inactive early.`,
        ]
      : []),
    ...warnings.map((warning) => `Warning: ${warning}`),
    ...facts.timings,
  ];

  const summaryText = `${plural(decisions.length, 'item')}: ${activeCount.toLocaleString('en-US')} Active, ${inactiveCount.toLocaleString('en-US')} Inactive`;
  const extras = [
    missingCount > 0 ? `${missingCount.toLocaleString('en-US')} missing from the file` : '',
    earlyCount > 0 ? `${earlyCount.toLocaleString('en-US')} Inactive early by prediction` : '',
  ].filter(Boolean);
  const message = held
    ? `Held for approval: ${held.reason}`
    : `Processed ${summaryText}${extras.length > 0 ? ` (${extras.join(', ')})` : ''}.`;

  const { turnedInactive, turnedInactiveCount, turnedActive, turnedActiveCount } = changes;
  const details: InventoryRunDetails = {
    counts: {
      processed: decisions.length,
      active: activeCount,
      inactive: inactiveCount,
      missing: missingCount,
      inactiveEarly: earlyCount,
      supplierRows: counts.totalRows,
      supplierItems: supplier.items.size,
    },
    warnings,
    errors: held ? [held.reason] : [],
    logs: processingLogs,
    ...(plan.headerDrift ? { headerDrift: plan.headerDrift } : {}),
    ...(plan.hasHeader && !plan.empty ? { headers: plan.headers } : {}),
    changes: { turnedInactive, turnedInactiveCount, turnedActive, turnedActiveCount },
    ...(held ? { held } : {}),
    predictions: predictions.reasons.slice(0, LIST_CAP),
    deliveryRequest: facts.manualDelivery
      ? { mode: 'manual', ...facts.manualDelivery }
      : { mode: 'automatic' },
    output: {
      fileName,
      firstDataRow: template.firstDataRow,
      itemColumn: template.itemColumn,
      statusColumn: template.statusColumn,
      stripLeadingZeroes: source.stripLeadingZeroes,
    },
  };

  return {
    status: held ? 'held' : 'succeeded',
    message,
    heldReason: held?.reason ?? null,
    report: {
      processedCount: decisions.length,
      activeCount,
      inactiveCount,
      processingLogs,
      debugLogs,
      modificationsCount: earlyCount,
      columnInfo: plan.columnInfo,
      processingSummary: {
        totalRows: counts.totalRows,
        processedRows: counts.processedRows,
        skippedRows: counts.skippedRows,
        activeItemsFound: facts.activeItemsFound,
        itemsModified: earlyCount,
        modifications: predictions.modifications,
      },
      warnings,
      missingItems: decisions.filter((decision) => decision.missing).map((decision) => decision.item.text),
    },
    details,
  };
}
