/** The Sources hub cards a user sees, by role and flag (docs/behaviour/sources.md#sources-hub). */
export interface SourcePermissions {
  isAdmin: boolean;
  orderUser: boolean;
  inventoryUser: boolean;
  submissionUser: boolean;
}

export interface SourceCard {
  title: string;
  description: string;
  to: string;
}

export function sourceCardsFor(permissions: SourcePermissions): SourceCard[] {
  const { isAdmin, orderUser, inventoryUser, submissionUser } = permissions;
  const anyFlag = orderUser || inventoryUser || submissionUser;
  const cards: SourceCard[] = [];
  if (anyFlag) {
    cards.push({
      title: 'Email Sources',
      description: 'Mailbox connections that are read for files or used for sending.',
      to: '/email-sources',
    });
  }
  if (orderUser) {
    cards.push({
      title: 'Order Tracking Sources',
      description: 'Rules for finding order tracking data in incoming e-mails.',
      to: '/order-tracking-sources',
    });
  }
  if (inventoryUser) {
    cards.push({
      title: 'Inventory Sources',
      description: 'Rules for finding and parsing supplier inventory files.',
      to: '/inventory-sources',
    });
  }
  if (submissionUser) {
    cards.push(
      {
        title: 'Order Submission Sources',
        description: 'Rules for submitting orders to vendors.',
        to: '/order-submission/sources',
      },
      {
        title: 'Submission Vendor Sources',
        description: 'The vendors that orders are submitted to.',
        to: '/order-submission/vendor',
      },
    );
  }
  if (isAdmin || anyFlag) {
    cards.push({
      title: 'Notification Settings',
      description: 'Scheduled notification e-mails about source activity.',
      to: '/notification-settings',
    });
  }
  return cards;
}
