import { describe, expect, it } from 'vitest';
import { cleanFileName, composeFileName, sanitizeFileName } from './file-names';

describe('sanitizeFileName (docs/design/security.md#file-names)', () => {
  it('drops CR, LF, tabs, NUL, quotes and the characters Windows forbids', () => {
    expect(sanitizeFileName('stock\r\nBcc: victim@example.com.csv')).toBe('stockBcc victim@example.com.csv');
    expect(sanitizeFileName('feed"; filename="evil.exe.csv')).toBe('feed; filename=evil.exe.csv');
    expect(sanitizeFileName('a\tb\u0000c<d>e|f?g*h.xlsx')).toBe('abcdefgh.xlsx');
    expect(sanitizeFileName('report\u0085\u009b.csv')).toBe('report.csv');
  });

  it('keeps only the last folder segment, and no hidden or parent name', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\x\\stock.csv')).toBe('stock.csv');
    expect(sanitizeFileName('..')).toBe('');
    expect(sanitizeFileName('.bashrc')).toBe('bashrc');
    expect(sanitizeFileName('feed.csv. . ')).toBe('feed.csv');
  });

  it('removes direction marks that disguise an extension', () => {
    expect(sanitizeFileName('invoice\u202Evsc.exe')).toBe('invoicevsc.exe');
  });

  it('keeps ordinary names, accents and apostrophes, and cuts long names keeping the extension', () => {
    expect(sanitizeFileName("Müller's Lager 2026-11.xlsx")).toBe("Müller's Lager 2026-11.xlsx");
    const long = sanitizeFileName(`${'x'.repeat(300)}.xlsx`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.xlsx')).toBe(true);
  });

  it('falls back when nothing is left', () => {
    expect(cleanFileName('\r\n""', 'inventory')).toBe('inventory');
  });
});

describe('composeFileName', () => {
  it('turns separators and unsafe characters into one _ and keeps the text readable', () => {
    expect(composeFileName('Acme PO 12/34', 'x')).toBe('Acme PO 12_34');
    expect(composeFileName('Re: "Order"\r\n 55', 'x')).toBe('Re_ _Order_ 55');
    expect(composeFileName(' .. ', 'order e-mail')).toBe('order e-mail');
  });
});
