import { describe, expect, it } from 'vitest';
import { notificationSourceTypeOptions } from './source-types';

const flags = (held: { inventoryUser?: boolean; orderUser?: boolean; submissionUser?: boolean }) => ({
  inventoryUser: false,
  orderUser: false,
  submissionUser: false,
  ...held,
});

const labels = (held: Parameters<typeof flags>[0]) =>
  notificationSourceTypeOptions(flags(held)).map((option) => option.label);

describe('notificationSourceTypeOptions', () => {
  it('offers each flag its own source types', () => {
    expect(labels({ inventoryUser: true })).toEqual(['Inventory']);
    expect(labels({ orderUser: true })).toEqual(['Order Tracking']);
    expect(labels({ submissionUser: true })).toEqual(['Order Submission', 'Order Vendor']);
    expect(labels({ inventoryUser: true, orderUser: true })).toEqual(['Inventory', 'Order Tracking']);
    expect(labels({})).toEqual([]);
  });

  it('offers every source type to a user holding every flag (an admin), with the spec’s ids as values', () => {
    expect(
      notificationSourceTypeOptions(flags({ inventoryUser: true, orderUser: true, submissionUser: true })),
    ).toEqual([
      { value: '1', label: 'Inventory' },
      { value: '2', label: 'Order Submission' },
      { value: '3', label: 'Order Tracking' },
      { value: '4', label: 'Order Vendor' },
    ]);
  });
});
