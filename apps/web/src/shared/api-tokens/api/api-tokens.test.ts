import { describe, expect, it } from 'vitest';
import { API_TOKEN_EXPIRY_CHOICES, ZCreateApiTokenFormSchema } from './api-tokens';

describe('the create form schema', () => {
  it('turns the chosen expiry into the number of days the API takes', () => {
    for (const days of API_TOKEN_EXPIRY_CHOICES) {
      const parsed = ZCreateApiTokenFormSchema.parse({
        name: ' ERP ',
        expiresInDays: String(days),
        scope: 'read',
        currentPassword: 'secret',
      });
      expect(parsed).toEqual({ name: 'ERP', expiresInDays: days, scope: 'read', currentPassword: 'secret' });
    }
  });

  it('keeps the contract’s rules: a name, an expiry within a year, a known scope, the current password', () => {
    const problems = (input: object) =>
      ZCreateApiTokenFormSchema.safeParse({ currentPassword: 'secret', ...input }).error?.issues.map(
        (issue) => issue.path.join('.'),
      ) ?? [];
    expect(problems({ name: '', expiresInDays: '30', scope: 'read' })).toEqual(['name']);
    expect(problems({ name: 'a', expiresInDays: '366', scope: 'read' })).toEqual(['expiresInDays']);
    expect(problems({ name: 'a', expiresInDays: '', scope: 'read' })).toEqual(['expiresInDays']);
    expect(problems({ name: 'a', expiresInDays: '30', scope: 'write' })).toEqual(['scope']);
    expect(problems({ name: 'a', expiresInDays: '30', scope: 'read', currentPassword: '' })).toEqual([
      'currentPassword',
    ]);
  });
});
