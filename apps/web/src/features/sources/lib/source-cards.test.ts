import { describe, expect, it } from 'vitest';
import { type SourcePermissions, sourceCardsFor } from './source-cards';

const none: SourcePermissions = {
  isAdmin: false,
  orderUser: false,
  inventoryUser: false,
  submissionUser: false,
};
const titles = (permissions: SourcePermissions) => sourceCardsFor(permissions).map((card) => card.title);

describe('sourceCardsFor', () => {
  it('shows nothing to a user without role or flags', () => {
    expect(sourceCardsFor(none)).toEqual([]);
  });

  it('shows e-mail, order tracking and notification cards to an order user', () => {
    expect(titles({ ...none, orderUser: true })).toEqual([
      'Email Sources',
      'Order Tracking Sources',
      'Notification Settings',
    ]);
  });

  it('shows e-mail, inventory and notification cards to an inventory user', () => {
    expect(titles({ ...none, inventoryUser: true })).toEqual([
      'Email Sources',
      'Inventory Sources',
      'Notification Settings',
    ]);
  });

  it('shows both submission cards to a submission user', () => {
    expect(titles({ ...none, submissionUser: true })).toEqual([
      'Email Sources',
      'Order Submission Sources',
      'Submission Vendor Sources',
      'Notification Settings',
    ]);
  });

  it('shows Notification Settings to an admin even without flags', () => {
    expect(titles({ ...none, isAdmin: true })).toEqual(['Notification Settings']);
  });

  it('links every card to its route', () => {
    const all = sourceCardsFor({ isAdmin: true, orderUser: true, inventoryUser: true, submissionUser: true });
    expect(all.map((card) => card.to)).toEqual([
      '/email-sources',
      '/order-tracking-sources',
      '/inventory-sources',
      '/order-submission/sources',
      '/order-submission/vendor',
      '/notification-settings',
    ]);
  });
});
