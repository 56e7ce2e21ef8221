import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  activeRuleText,
  columnIndexText,
  countActivatedItems,
  failedDebugResult,
  failedProcessingResult,
  formatPercent,
  headerRowText,
  type ManualResult,
  requestFailureMessage,
  resultTitle,
  successRate,
} from './summary';

describe('activeRuleText', () => {
  it('phrases the rule with the actual minimum', () => {
    expect(activeRuleText(5)).toBe('Items with quantity at or above 5 are marked Active.');
    expect(activeRuleText(0)).toBe('Items with quantity at or above 0 are marked Active.');
    expect(activeRuleText(1500)).toBe('Items with quantity at or above 1,500 are marked Active.');
  });

  it('says above 0 when no minimum is set', () => {
    expect(activeRuleText(null)).toBe('Items with quantity above 0 are marked Active.');
    expect(activeRuleText(undefined)).toBe('Items with quantity above 0 are marked Active.');
  });
});

describe('headerRowText', () => {
  it('shows the header row index or that there is none', () => {
    expect(headerRowText({ fileHasHeader: true, headerRowIndex: 2 })).toBe('2');
    expect(headerRowText({ fileHasHeader: true, headerRowIndex: null })).toBe('0');
    expect(headerRowText({ fileHasHeader: false, headerRowIndex: 3 })).toBe('No header row');
  });
});

describe('countActivatedItems', () => {
  it('counts the distinct items of a comma or line separated list', () => {
    expect(countActivatedItems('000123, 89012,A-1')).toBe(3);
    expect(countActivatedItems('000123\n89012\r\n;A-1\t B-2 ,')).toBe(4);
    expect(countActivatedItems('a-1, A-1 , a-1')).toBe(1);
  });

  it('counts an empty or missing list as none', () => {
    expect(countActivatedItems('')).toBe(0);
    expect(countActivatedItems(' , ,')).toBe(0);
    expect(countActivatedItems(null)).toBe(0);
  });

  it('merges items that differ only by leading zeros when the source strips them', () => {
    expect(countActivatedItems('000123,123,0,000', false)).toBe(4);
    expect(countActivatedItems('000123,123,0,000', true)).toBe(2);
  });
});

describe('successRate / formatPercent', () => {
  it('is processed rows over total rows, in percent', () => {
    expect(successRate({ totalRows: 10, processedRows: 9 })).toBe(90);
    expect(formatPercent(successRate({ totalRows: 7, processedRows: 6 }))).toBe('85.7%');
    expect(formatPercent(successRate({ totalRows: 4, processedRows: 4 }))).toBe('100%');
  });

  it('is 0% for a file without rows', () => {
    expect(successRate({ totalRows: 0, processedRows: 0 })).toBe(0);
    expect(formatPercent(0)).toBe('0%');
  });
});

describe('columnIndexText', () => {
  it('shows an index or that the column was not found', () => {
    expect(columnIndexText(0)).toBe('0');
    expect(columnIndexText(4)).toBe('4');
    expect(columnIndexText(-1)).toBe('Not found');
  });
});

describe('requestFailureMessage (docs/behaviour/inventory.md#messages)', () => {
  it("answers the server's message", () => {
    const error = new ApiError(400, 'x', { message: 'Invalid file type. Expected .xlsx but got .csv' });
    expect(requestFailureMessage(error, 'Failed to process file')).toBe(
      'Invalid file type. Expected .xlsx but got .csv',
    );
  });

  it('falls back without a server message', () => {
    expect(requestFailureMessage(new ApiError(502, 'Request failed (502)'), 'Failed to process file')).toBe(
      'Failed to process file',
    );
    expect(requestFailureMessage(new ApiError(500, 'x', { message: '  ' }), 'Failed to process file')).toBe(
      'Failed to process file',
    );
    expect(
      requestFailureMessage(new TypeError('Failed to fetch'), 'Failed to modify file for debugging'),
    ).toBe('Failed to modify file for debugging');
  });
});

const source = { itemNumberColumnName: 'SKU', qtyColumnName: 'Qty', fileHasHeader: true };

describe('failed results (docs/behaviour/inventory.md#manual-processing)', () => {
  it('a failed processing request: success false, the message, one error, zero counts', () => {
    const result = failedProcessingResult('Failed to process file', source);
    expect(result).toMatchObject({
      success: false,
      message: 'Failed to process file',
      errors: ['Failed to process file'],
      processedCount: 0,
      activeCount: 0,
      inactiveCount: 0,
      modificationsCount: 0,
      fileData: null,
      status: 'failed',
      runId: null,
    });
    expect(result.columnInfo).toEqual({
      expectedItemColumn: 'SKU',
      itemColumnIndex: -1,
      expectedQtyColumn: 'Qty',
      qtyColumnIndex: -1,
      hasHeaders: true,
      foundHeaders: [],
    });
    expect(result.processingSummary.totalRows).toBe(0);
  });

  it('a failed debug request', () => {
    const result = failedDebugResult('Failed to modify file for debugging');
    expect(result).toMatchObject({
      success: false,
      message: 'Failed to modify file for debugging',
      errors: ['Failed to modify file for debugging'],
      modificationsCount: 0,
      fileName: null,
    });
    expect(result.processingSummary.itemsModified).toBe(0);
  });
});

describe('resultTitle', () => {
  const processed = (overrides: Partial<ReturnType<typeof failedProcessingResult>>): ManualResult => ({
    kind: 'process',
    result: { ...failedProcessingResult('x'), ...overrides },
  });

  it('shows the empty and processing states', () => {
    expect(resultTitle(false, null)).toBe('Ready to Process');
    expect(resultTitle(true, null)).toBe('Processing File');
    expect(resultTitle(true, processed({ success: true, status: 'succeeded' }))).toBe('Processing File');
  });

  it('shows the outcome of Process File', () => {
    expect(resultTitle(false, processed({ success: true, status: 'succeeded' }))).toBe('Processing Complete');
    expect(resultTitle(false, processed({}))).toBe('Processing Failed');
  });

  it('shows the outcome of Debug: Modify File', () => {
    const debug = failedDebugResult('x');
    expect(resultTitle(false, { kind: 'debug', result: { ...debug, success: true } })).toBe(
      'Debug File Modified',
    );
    expect(resultTitle(false, { kind: 'debug', result: debug })).toBe('Processing Failed');
  });

  it('shows a held run and the decision on it', () => {
    const held = processed({ status: 'held', heldReason: 'too many' });
    expect(resultTitle(false, held)).toBe('Held for Approval');
    expect(resultTitle(false, held, { status: 'succeeded' })).toBe('Processing Complete');
    expect(resultTitle(false, held, { status: 'discarded' })).toBe('Run Discarded');
  });
});
