import { describe, expect, it } from 'vitest';
import { changeRows, fieldLabel, formatAuditValue } from './audit-format';

describe('audit entries as the History view shows them', () => {
  it("names fields by the editors' labels, nested ones after their column", () => {
    expect(fieldLabel('isMsal')).toBe('Use Microsoft Authentication (MSAL)');
    expect(fieldLabel('ssl')).toBe('Use SSL');
    expect(fieldLabel('emailSourceId')).toBe('Email Source');
    expect(fieldLabel('sftpServerAddress')).toBe('Server Address');
    expect(fieldLabel('columnMapping.shippingCompany')).toBe('Column mapping: Shipping Company');
  });

  it('names a field no editor labels in words', () => {
    expect(fieldLabel('aliases.Globex Corp')).toBe('Aliases: Globex Corp');
    expect(fieldLabel('someNewFlag')).toBe('Some new flag');
  });

  it('names a referenced record where the entry carries its name, else shows the id', () => {
    const changes = { emailSourceId: { from: 2, to: 1 } };
    expect(
      changeRows({ changes, valueNames: { emailSourceId: { '1': 'orders (orders@acme.test)' } } }),
    ).toEqual([
      {
        field: 'emailSourceId',
        label: 'Email Source',
        secret: false,
        from: '2',
        to: 'orders (orders@acme.test)',
      },
    ]);
  });

  it('shows empty values as a dash, flags as yes/no, lists and objects as text', () => {
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue('')).toBe('—');
    expect(formatAuditValue(true)).toBe('Yes');
    expect(formatAuditValue([1, 2])).toBe('1, 2');
    expect(formatAuditValue({ activeStatus: false, vendorProvidedAccountNumber: 'A-1' })).toBe(
      'Active status: No; Vendor provided account number: A-1',
    );
  });

  it('a secret reads "changed", with no before value', () => {
    expect(changeRows({ changes: { password: 'changed', port: { from: 993, to: 143 } } })).toEqual([
      { field: 'password', label: 'Password', secret: true, from: '', to: 'changed' },
      { field: 'port', label: 'Port', secret: false, from: '993', to: '143' },
    ]);
  });
});
