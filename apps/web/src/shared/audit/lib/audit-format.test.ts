import { describe, expect, it } from 'vitest';
import { changeRows, fieldLabel, formatAuditValue } from './audit-format';

describe('audit entries as the History view shows them', () => {
  it('names fields in words, nested ones after their column', () => {
    expect(fieldLabel('sftpServerAddress')).toBe('Sftp server address');
    expect(fieldLabel('columnMapping.shippingCompany')).toBe('Column mapping: shipping company');
    expect(fieldLabel('aliases.Globex Corp')).toBe('Aliases: Globex Corp');
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
