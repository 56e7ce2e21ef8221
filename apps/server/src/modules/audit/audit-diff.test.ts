import { describe, expect, it } from 'vitest';
import { diffSnapshots } from './audit-diff';

describe('diffSnapshots: what an audit entry records', () => {
  it('lists only the fields that changed, before → after', () => {
    const before = { sourceName: 'Acme', fromEmail: 'a@acme.example', activeStatus: true };
    const after = { sourceName: 'Acme East', fromEmail: 'a@acme.example', activeStatus: false };
    expect(diffSnapshots(before, after)).toEqual({
      sourceName: { from: 'Acme', to: 'Acme East' },
      activeStatus: { from: true, to: false },
    });
  });

  it('records nothing when nothing changed', () => {
    const row = { sourceName: 'Acme', ports: [1, 2], mapping: { po: 'PO' } };
    expect(diffSnapshots(row, structuredClone(row))).toEqual({});
  });

  it('a creation lists what was set, a deletion what was lost; empty values stay out', () => {
    expect(diffSnapshots(null, { sourceName: 'Acme', attachmentName: null })).toEqual({
      sourceName: { from: null, to: 'Acme' },
    });
    expect(diffSnapshots({ sourceName: 'Acme' }, null)).toEqual({ sourceName: { from: 'Acme', to: null } });
    // Blank text and empty lists are empty too: a new e-mail source's unset Client ID is not "— → —".
    expect(
      diffSnapshots(null, { username: 'orders', msalClientId: '', columnsToIgnore: '  ', aliases: [] }),
    ).toEqual({ username: { from: null, to: 'orders' } });
    expect(diffSnapshots({ msalClientId: null }, { msalClientId: '' })).toEqual({});
  });

  it('secrets are "changed" under the name the user typed, never a value, hash or ciphertext', () => {
    const changes = diffSnapshots(
      { passwordHash: '$argon2id$old', sftpPasswordEncrypted: 'v2:aaa', email: 'x@example.com' },
      { passwordHash: '$argon2id$new', sftpPasswordEncrypted: 'v2:bbb', email: 'x@example.com' },
      { secretFields: ['passwordHash', 'sftpPasswordEncrypted'] },
    );
    expect(changes).toEqual({ password: 'changed', sftpPassword: 'changed' });
    expect(JSON.stringify(changes)).not.toMatch(/argon|v2:/);
  });

  it('an unchanged secret is left out', () => {
    const row = { passwordEncrypted: 'v2:same' };
    expect(diffSnapshots(row, { ...row }, { secretFields: ['passwordEncrypted'] })).toEqual({});
  });

  it("the product's own bookkeeping (timestamps, poll state, ids) is not a change", () => {
    const changes = diffSnapshots(
      { id: 1, updatedAt: new Date('2026-01-01'), lastPollAt: null, nextRunAt: null, name: 'A' },
      { id: 1, updatedAt: new Date('2026-02-01'), lastPollAt: new Date(), nextRunAt: new Date(), name: 'A' },
    );
    expect(changes).toEqual({});
  });

  it('leaves out the fields the caller names', () => {
    expect(diffSnapshots({ a: 1, b: 1 }, { a: 2, b: 2 }, { ignoreFields: ['b'] })).toEqual({
      a: { from: 1, to: 2 },
    });
  });

  it('an object column becomes one field per key, so one changed mapping reads as one change', () => {
    const changes = diffSnapshots(
      { columnMapping: { po: 'PO', tracking: 'Tracking' } },
      { columnMapping: { po: 'PO', tracking: 'Tracking #', carrier: 'Carrier' } },
    );
    expect(changes).toEqual({
      'columnMapping.tracking': { from: 'Tracking', to: 'Tracking #' },
      'columnMapping.carrier': { from: null, to: 'Carrier' },
    });
  });

  it('dates are compared and recorded as ISO text; arrays as a whole', () => {
    const changes = diffSnapshots(
      { startsAt: new Date('2026-01-01T00:00:00Z'), sourceIds: [1, 2] },
      { startsAt: new Date('2026-01-02T00:00:00Z'), sourceIds: [1, 2, 3] },
    );
    expect(changes).toEqual({
      startsAt: { from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' },
      sourceIds: { from: [1, 2], to: [1, 2, 3] },
    });
  });
});
