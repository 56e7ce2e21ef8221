/** The header links a user sees, by role and flag (docs/behaviour/screens.md#layout, docs/behaviour/accounts-and-sign-in.md#roles-and-flags). */
export interface NavPermissions {
  isAdmin: boolean;
  orderUser: boolean;
  anySourceFlag: boolean;
}

export interface NavLinkItem {
  to: string;
  label: string;
  /** Other path prefixes that belong to this section, so its link stays highlighted there. */
  sectionPaths?: string[];
}

/** The source screens live at their own top-level routes but belong to the Sources section. */
const SOURCE_SECTION_PATHS = [
  '/email-sources',
  '/order-tracking-sources',
  '/inventory-sources',
  '/order-submission',
  '/notification-settings',
];

export function navLinksFor(permissions: NavPermissions): NavLinkItem[] {
  const links: NavLinkItem[] = [{ to: '/home', label: 'Home' }];
  if (permissions.orderUser) links.push({ to: '/order-tracking', label: 'Order Tracking' });
  if (permissions.anySourceFlag)
    links.push({ to: '/sources', label: 'Sources', sectionPaths: SOURCE_SECTION_PATHS });
  if (permissions.isAdmin) links.push({ to: '/admin', label: 'Admin' });
  return links;
}

function isWithin(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Whether the link is the current section: its own path or one below it, by whole path segments. */
export function isNavLinkActive(link: NavLinkItem, pathname: string): boolean {
  return [link.to, ...(link.sectionPaths ?? [])].some((base) => isWithin(pathname, base));
}
