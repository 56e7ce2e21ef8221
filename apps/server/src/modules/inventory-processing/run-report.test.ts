import { describe, expect, it } from 'vitest';
import type { Decision } from './decide-items';
import type { OutputTemplate } from './output-file';
import { activatedItemWarnings, type RunFacts, runReport } from './run-report';
import { compareWithStates, driftGuard } from './state-changes';
import type { ColumnPlan } from './supplier-file';

const decision = (key: string, status: 'Active' | 'Inactive', quantity: number | null = 5): Decision => ({
  item: { key, text: key },
  status,
  quantity,
  missing: quantity === null,
  early: false,
});

function facts(decisions: Decision[], overrides: Partial<RunFacts> = {}): RunFacts {
  const changes = compareWithStates(decisions, new Map());
  return {
    source: {
      itemNumberColumnName: 'SKU',
      qtyColumnName: 'Qty',
      itemStatusColumnName: '',
      statusSupersedesQuantity: false,
      usesPredictiveAlgorithm: false,
      stripLeadingZeroes: false,
    },
    plan: {
      empty: false,
      hasHeader: true,
      firstDataRow: 1,
      headers: ['SKU', 'Qty'],
      itemColumn: 0,
      qtyColumn: 1,
      statusColumn: null,
      headerDrift: null,
      warnings: [],
      columnInfo: {
        expectedItemColumn: 'SKU',
        itemColumnIndex: 0,
        expectedQtyColumn: 'Qty',
        qtyColumnIndex: 1,
        hasHeaders: true,
        foundHeaders: ['SKU', 'Qty'],
      },
    } satisfies ColumnPlan,
    template: {
      type: '.csv',
      baseName: 'feed',
      firstDataRow: 1,
      itemColumn: 0,
      statusColumn: 1,
      dateColumn: 2,
      width: 3,
      dateDescription: 'MM/DD/YYYY',
      write: () => Buffer.alloc(0),
    } satisfies OutputTemplate,
    supplier: {
      items: new Map(),
      counts: { totalRows: 3, processedRows: 3, skippedRows: 0 },
    },
    decisions,
    activeItemsFound: 2,
    ruleThresholdText: 'above 0',
    changes,
    predictions: { earlyCount: 0, reasons: [], modifications: [] },
    held: undefined,
    fileName: 'feed_20250601-120000.csv',
    rowCount: decisions.length,
    warnings: [],
    predictionLogs: [],
    timings: [],
    manualDelivery: undefined,
    ...overrides,
  };
}

describe('runReport', () => {
  it('a processed run: the message counts the items and names what is missing; the details carry the counts', () => {
    const report = runReport(
      facts([decision('A', 'Active'), decision('B', 'Active'), decision('Z', 'Inactive', null)]),
    );
    expect(report.status).toBe('succeeded');
    expect(report.message).toBe('Processed 3 items: 2 Active, 1 Inactive (1 missing from the file).');
    expect(report.details.counts).toMatchObject({ processed: 3, active: 2, inactive: 1, missing: 1 });
    expect(report.details.deliveryRequest).toEqual({ mode: 'automatic' });
    expect(report.report.processingLogs.at(-1)).toBe('Generated feed_20250601-120000.csv (3 item rows).');
  });

  it('a held run: the message and the errors are the guard’s reason', () => {
    const decisions = [decision('A', 'Inactive')];
    const held = driftGuard({ currentlyActive: 1, turningInactive: 1 }, 1, 50);
    const report = runReport(
      facts(decisions, { held, manualDelivery: { sendEmail: true, submitSftp: false } }),
    );
    expect(report.status).toBe('held');
    expect(report.message).toBe(`Held for approval: ${held!.reason}`);
    expect(report.heldReason).toBe(held!.reason);
    expect(report.details.errors).toEqual([held!.reason]);
    expect(report.details.deliveryRequest).toEqual({ mode: 'manual', sendEmail: true, submitSftp: false });
  });
});

describe('activatedItemWarnings', () => {
  it('names missing and doubly listed items, and a source without any', () => {
    expect(
      activatedItemWarnings({
        changes: { missing: ['Z'], missingCount: 1 },
        duplicateActivated: ['A', 'B'],
        activatedCount: 2,
      }),
    ).toEqual([
      '1 user-activated item is not in the supplier file and was marked Inactive: Z.',
      '2 user-activated items are listed more than once: A, B.',
    ]);
    expect(
      activatedItemWarnings({
        changes: { missing: [], missingCount: 0 },
        duplicateActivated: [],
        activatedCount: 0,
      }),
    ).toEqual(['The source has no user-activated items: the generated file has no item rows.']);
  });
});
