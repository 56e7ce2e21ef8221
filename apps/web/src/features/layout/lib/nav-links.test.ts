import { describe, expect, it } from 'vitest';
import { isNavLinkActive, type NavPermissions, navLinksFor } from './nav-links';

const none: NavPermissions = { isAdmin: false, orderUser: false, anySourceFlag: false };
const labels = (permissions: NavPermissions) => navLinksFor(permissions).map((link) => link.label);
const all = navLinksFor({ isAdmin: true, orderUser: true, anySourceFlag: true });
const link = (label: string) => all.find((item) => item.label === label)!;

describe('navLinksFor', () => {
  it('shows only Home to a user without role or flags', () => {
    expect(navLinksFor(none)).toEqual([{ to: '/home', label: 'Home' }]);
  });

  it('adds Order Tracking and Sources for an order user', () => {
    expect(
      navLinksFor({ ...none, orderUser: true, anySourceFlag: true }).map(({ to, label }) => ({ to, label })),
    ).toEqual([
      { to: '/home', label: 'Home' },
      { to: '/order-tracking', label: 'Order Tracking' },
      { to: '/sources', label: 'Sources' },
    ]);
  });

  it('adds Sources but not Order Tracking for an inventory or submission user', () => {
    expect(labels({ ...none, anySourceFlag: true })).toEqual(['Home', 'Sources']);
  });

  it('adds Admin for an admin', () => {
    expect(labels({ ...none, isAdmin: true })).toEqual(['Home', 'Admin']);
    expect(labels({ isAdmin: true, orderUser: true, anySourceFlag: true })).toEqual([
      'Home',
      'Order Tracking',
      'Sources',
      'Admin',
    ]);
    expect(link('Admin').to).toBe('/admin');
  });
});

describe('isNavLinkActive', () => {
  it('matches the link path and the paths below it', () => {
    expect(isNavLinkActive(link('Home'), '/home')).toBe(true);
    expect(isNavLinkActive(link('Admin'), '/admin/manage/users/edit/3')).toBe(true);
    expect(isNavLinkActive(link('Home'), '/admin')).toBe(false);
  });

  it('matches whole path segments only', () => {
    expect(isNavLinkActive(link('Order Tracking'), '/order-tracking/details/7')).toBe(true);
    expect(isNavLinkActive(link('Order Tracking'), '/order-tracking-sources')).toBe(false);
  });

  it('keeps Sources highlighted on every source screen', () => {
    for (const path of [
      '/sources',
      '/email-sources',
      '/order-tracking-sources/edit/2',
      '/order-submission/vendor',
    ]) {
      expect(isNavLinkActive(link('Sources'), path)).toBe(true);
    }
    expect(isNavLinkActive(link('Sources'), '/order-tracking')).toBe(false);
  });
});
