import { describe, expect, it } from 'vitest';
import type { Decision } from './decide-items';
import type { ItemState } from './repository';
import { compareWithStates, driftGuard, LIST_CAP } from './state-changes';

const decision = (key: string, status: 'Active' | 'Inactive', quantity: number | null = 1): Decision => ({
  item: { key, text: key },
  status,
  quantity,
  missing: quantity === null,
  early: false,
});
const state = (status: 'Active' | 'Inactive', lastQuantity: number | null = 1): ItemState => ({
  status,
  statusSince: new Date(0),
  lastQuantity,
});

describe('compareWithStates', () => {
  it('counts, lists the changes from the stored states, and writes only what changed', () => {
    const changes = compareWithStates(
      [
        decision('A', 'Active', 7),
        decision('B', 'Inactive', 0),
        decision('C', 'Active', 1),
        decision('N', 'Active', 3),
        decision('M', 'Inactive', null),
      ],
      new Map([
        ['A', state('Active', 5)],
        ['B', state('Active', 9)],
        ['C', state('Active', 1)],
        ['M', state('Inactive', null)],
      ]),
    );
    expect(changes).toMatchObject({
      activeCount: 3,
      inactiveCount: 2,
      missing: ['M'],
      missingCount: 1,
      turnedInactive: [{ itemNumber: 'B', from: 'Active', to: 'Inactive' }],
      turnedActive: [{ itemNumber: 'N', from: null, to: 'Active' }],
      currentlyActive: 3,
      turningInactive: 1,
    });
    // A: quantity moved; B: status; N: new. C and M are unchanged.
    expect(changes.updates.map((update) => update.itemNumber)).toEqual(['A', 'B', 'N']);
  });

  it('caps the lists, not the counts', () => {
    const many = Array.from({ length: LIST_CAP + 5 }, (_, i) => decision(`I${i}`, 'Inactive', null));
    const changes = compareWithStates(many, new Map());
    expect(changes.missing).toHaveLength(LIST_CAP);
    expect(changes.missingCount).toBe(LIST_CAP + 5);
    expect(changes.turnedInactive).toHaveLength(LIST_CAP);
    expect(changes.turnedInactiveCount).toBe(LIST_CAP + 5);
  });
});

describe('driftGuard', () => {
  it('holds a file without data rows', () => {
    expect(driftGuard({ currentlyActive: 0, turningInactive: 0 }, 0, 50)).toMatchObject({
      kind: 'empty-file',
    });
  });

  it('holds a file that turns more than the limit of the Active items Inactive, and not one at the limit', () => {
    expect(driftGuard({ currentlyActive: 4, turningInactive: 3 }, 4, 50)).toMatchObject({
      kind: 'drift',
      percent: 75,
      limitPercent: 50,
      reason: expect.stringMatching(/^This file would turn 3 items of the 4 Active items Inactive \(75%\)/),
    });
    expect(driftGuard({ currentlyActive: 4, turningInactive: 2 }, 4, 50)).toBeUndefined();
    // Nothing Active before: nothing to guard.
    expect(driftGuard({ currentlyActive: 0, turningInactive: 0 }, 4, 0)).toBeUndefined();
  });
});
