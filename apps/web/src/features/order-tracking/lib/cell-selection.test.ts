import { describe, expect, it } from 'vitest';
import {
  buildTsv,
  cellKey,
  countSelectedCells,
  deselectColumn,
  EMPTY_SELECTION,
  extendSelection,
  isCellSelected,
  moveFocus,
  selectCell,
  selectedColumnsByRow,
  splitSelectedColumns,
} from './cell-selection';

const columns = ['a', 'b', 'c', 'd'];
const rows = 5;
const text = (row: number, col: string) => `${col}${row}`;
const keys = (selection: { cells: ReadonlySet<string> }) => [...selection.cells].sort();

describe('selecting', () => {
  it('double-click selects one cell as the anchor', () => {
    const selection = selectCell({ row: 2, col: 'b' });
    expect(keys(selection)).toEqual([cellKey(2, 'b')]);
    expect(selection.anchor).toEqual({ row: 2, col: 'b' });
    expect(isCellSelected(selection, 2, 'b')).toBe(true);
    expect(isCellSelected(selection, 2, 'c')).toBe(false);
  });

  it('shift-click in another column selects the rectangle from the anchor', () => {
    const selection = extendSelection(selectCell({ row: 3, col: 'c' }), { row: 1, col: 'b' }, columns, rows);
    expect(keys(selection)).toEqual(['1|b', '1|c', '2|b', '2|c', '3|b', '3|c']);
    expect(selection.anchor).toEqual({ row: 3, col: 'c' });
  });

  it("shift-click in the anchor's column selects the whole column", () => {
    const selection = extendSelection(selectCell({ row: 1, col: 'b' }), { row: 3, col: 'b' }, columns, rows);
    expect(keys(selection)).toEqual(['0|b', '1|b', '2|b', '3|b', '4|b']);
  });

  it('shift-click without an anchor selects the cell', () => {
    expect(keys(extendSelection(EMPTY_SELECTION, { row: 0, col: 'a' }, columns, rows))).toEqual(['0|a']);
  });

  it('shift-click on a header removes that column', () => {
    const rectangle = extendSelection(selectCell({ row: 0, col: 'a' }), { row: 1, col: 'c' }, columns, rows);
    const without = deselectColumn(rectangle, 'b');
    expect(keys(without)).toEqual(['0|a', '0|c', '1|a', '1|c']);
    expect(deselectColumn(without, 'd')).toBe(without);
    const empty = deselectColumn(deselectColumn(without, 'a'), 'c');
    expect(empty.cells.size).toBe(0);
    expect(empty.anchor).toBeNull();
  });

  it('gives each row a signature of its selected columns', () => {
    const selection = extendSelection(selectCell({ row: 0, col: 'c' }), { row: 1, col: 'a' }, columns, rows);
    const byRow = selectedColumnsByRow(selection);
    expect(byRow.get(0)).toBe('a|b|c');
    expect(byRow.get(2)).toBeUndefined();
    expect([...splitSelectedColumns(byRow.get(1)!)]).toEqual(['a', 'b', 'c']);
    expect(splitSelectedColumns('').size).toBe(0);
  });
});

describe('buildTsv', () => {
  it('copies tab-separated columns and newline-separated rows in screen order', () => {
    const selection = extendSelection(selectCell({ row: 2, col: 'c' }), { row: 1, col: 'a' }, columns, rows);
    expect(buildTsv(selection, columns, rows, text)).toBe('a1\tb1\tc1\na2\tb2\tc2');
  });

  it('leaves out a removed column and flattens line breaks and tabs', () => {
    const selection = deselectColumn(
      extendSelection(selectCell({ row: 0, col: 'a' }), { row: 0, col: 'c' }, columns, rows),
      'b',
    );
    expect(buildTsv(selection, columns, rows, (row, col) => `x\t${col}\n${row}`)).toBe('x a 0\tx c 0');
  });

  it('copies a whole column and ignores columns or rows no longer shown', () => {
    const column = extendSelection(selectCell({ row: 0, col: 'd' }), { row: 4, col: 'd' }, columns, rows);
    expect(buildTsv(column, columns, rows, text)).toBe('d0\nd1\nd2\nd3\nd4');
    expect(buildTsv(column, ['a', 'b'], rows, text)).toBe('');
    expect(buildTsv(column, columns, 2, text)).toBe('d0\nd1');
    expect(countSelectedCells(column, columns, 2)).toBe(2);
    expect(buildTsv(EMPTY_SELECTION, columns, rows, text)).toBe('');
  });

  it('copies formula-like text as text: quoted, with a leading apostrophe (docs/design/security.md#spreadsheet-formulas)', () => {
    const selection = extendSelection(selectCell({ row: 0, col: 'a' }), { row: 0, col: 'c' }, columns, rows);
    const texts: Record<string, string> = {
      a: '=HYPERLINK("http://evil.example","x")',
      b: "x;=cmd|' /C calc'!A0",
      c: 'plain, -5',
    };
    expect(buildTsv(selection, columns, rows, (_row, col) => texts[col] ?? '')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"\t"'x;'=cmd|' /C calc'!A0"\tplain, -5`,
    );
  });

  it('keeps empty cells as empty fields', () => {
    const selection = extendSelection(selectCell({ row: 0, col: 'a' }), { row: 1, col: 'b' }, columns, rows);
    expect(buildTsv(selection, columns, rows, (row, col) => (col === 'a' ? '' : `v${row}`))).toBe(
      '\tv0\n\tv1',
    );
  });
});

describe('moveFocus', () => {
  it('moves within the grid and stops at its edges', () => {
    expect(moveFocus({ row: 0, col: 'a' }, 'ArrowUp', columns, rows)).toEqual({ row: 0, col: 'a' });
    expect(moveFocus({ row: 0, col: 'a' }, 'ArrowDown', columns, rows)).toEqual({ row: 1, col: 'a' });
    expect(moveFocus({ row: 0, col: 'a' }, 'ArrowRight', columns, rows)).toEqual({ row: 0, col: 'b' });
    expect(moveFocus({ row: 0, col: 'a' }, 'ArrowLeft', columns, rows)).toEqual({ row: 0, col: 'a' });
    expect(moveFocus({ row: 2, col: 'b' }, 'End', columns, rows)).toEqual({ row: 2, col: 'd' });
    expect(moveFocus({ row: 2, col: 'b' }, 'Home', columns, rows)).toEqual({ row: 2, col: 'a' });
    expect(moveFocus({ row: 2, col: 'b' }, 'PageDown', columns, rows)).toEqual({ row: 4, col: 'b' });
    expect(moveFocus({ row: 9, col: 'gone' }, 'ArrowDown', columns, rows)).toEqual({ row: 4, col: 'a' });
  });
});
