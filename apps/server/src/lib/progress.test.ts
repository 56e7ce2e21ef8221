import { describe, expect, it } from 'vitest';
import { ProgressBoard } from './progress';

describe('ProgressBoard', () => {
  it('answers the owner with the latest figures, and nobody after two quiet minutes', async () => {
    let now = 1_000_000;
    const board = new ProgressBoard(() => now);
    const report = board.start('key-of-some-work-1', 7, 'rows');
    expect(board.read('key-of-some-work-1', 7)).toEqual({ unit: 'rows', done: 0, total: null });
    await report.total(80_000);
    await report.done(25_000);
    expect(board.read('key-of-some-work-1', 7)).toEqual({ unit: 'rows', done: 25_000, total: 80_000 });
    // Another user's work is not answered.
    expect(board.read('key-of-some-work-1', 8)).toBeUndefined();
    // A total smaller than the rows done (a recount) keeps done within it.
    await report.total(20_000);
    expect(board.read('key-of-some-work-1', 7)).toEqual({ unit: 'rows', done: 20_000, total: 20_000 });

    now += 2 * 60_000 + 1;
    expect(board.read('key-of-some-work-1', 7)).toBeUndefined();
  });
});
