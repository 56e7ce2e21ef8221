import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { releaseStartUpMemory } from './process-start';

describe('releaseStartUpMemory', () => {
  it('hands back the heap a burst of allocations grew, and leaves no gc in the globals', () => {
    // What loading modules does at start-up, in small: many objects alive for a moment, then garbage.
    let burst: { index: number; text: string }[] | undefined = Array.from(
      { length: 400_000 },
      (_, index) => ({
        index,
        text: `row ${index}`,
      }),
    );
    expect(burst).toHaveLength(400_000);
    burst = undefined;
    const before = getHeapStatistics().total_heap_size;

    releaseStartUpMemory();

    expect(getHeapStatistics().total_heap_size).toBeLessThan(before - 10 * 1024 * 1024);
    expect('gc' in globalThis).toBe(false);
  });
});
