import { describe, expect, it } from 'vitest';
import type { SftpEntry } from '../../integrations/sftp';
import { normaliseFolder } from '../inventory-delivery/source-sftp';
import { inboundFileMatches, pickInboundFiles } from './inbound-files';

const rule = { attachmentName: 'stock_*', fileType: '.csv' };

describe('inboundFileMatches', () => {
  it('matches the name pattern case-insensitively, with or without the extension in the pattern', () => {
    expect(inboundFileMatches(rule, 'stock_2025-06-01.csv')).toBe(true);
    expect(inboundFileMatches(rule, 'STOCK_june.CSV')).toBe(true);
    expect(inboundFileMatches({ attachmentName: 'Stock_*.csv', fileType: 'csv' }, 'stock_1.csv')).toBe(true);
    expect(inboundFileMatches({ attachmentName: 'feed.csv', fileType: '.csv' }, 'FEED.csv')).toBe(true);
    expect(inboundFileMatches({ attachmentName: '', fileType: '.xlsx' }, 'anything.xlsx')).toBe(true);
  });

  it('refuses another file type, another name, and hidden or partial files', () => {
    expect(inboundFileMatches(rule, 'stock_1.xlsx')).toBe(false);
    expect(inboundFileMatches(rule, 'prices_1.csv')).toBe(false);
    expect(inboundFileMatches(rule, 'stock_1')).toBe(false);
    expect(inboundFileMatches({ attachmentName: '*', fileType: '.csv' }, '.stock_1.csv.partial')).toBe(false);
    expect(inboundFileMatches({ attachmentName: '*', fileType: '.csv' }, '.hidden.csv')).toBe(false);
  });
});

describe('pickInboundFiles', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const entry = (name: string, modifiedAt: string | null, type: SftpEntry['type'] = 'file'): SftpEntry => ({
    name,
    type,
    size: 10,
    modifiedAt,
  });

  it('keeps matching files only, oldest first, and lets files still being written wait', () => {
    const picked = pickInboundFiles(
      rule,
      [
        entry('stock_b.csv', '2025-06-01T10:00:00.000Z'),
        entry('stock_a.csv', '2025-06-01T10:00:00.000Z'),
        entry('stock_old.csv', '2025-05-30T08:00:00.000Z'),
        entry('stock_new.csv', '2025-06-01T11:59:50.000Z'),
        entry('stock_dir.csv', '2025-05-01T00:00:00.000Z', 'directory'),
        entry('processed', '2025-05-01T00:00:00.000Z', 'directory'),
        entry('notes.txt', '2025-05-01T00:00:00.000Z'),
      ],
      now,
      30_000,
    );
    expect(picked.map((file) => file.name)).toEqual(['stock_old.csv', 'stock_a.csv', 'stock_b.csv']);
  });
});

describe('normaliseFolder', () => {
  it('spells one folder one way', () => {
    expect(['', ' ', '.', './'].map(normaliseFolder)).toEqual(['.', '.', '.', '.']);
    expect(['out', 'out/', './out', './out//'].map(normaliseFolder)).toEqual(['out', 'out', 'out', 'out']);
    expect(['/', '//', '/srv/out/'].map(normaliseFolder)).toEqual(['/', '/', '/srv/out']);
  });
});
