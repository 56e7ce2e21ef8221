import type { MailSecretSettings } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { formPort, mailSecretState, sftpSecretState } from './stored-secret';

const saved: MailSecretSettings = {
  username: 'orders@shop.example',
  email: 'orders@shop.example',
  incomingServer: 'imap.shop.example',
  incomingPort: 993,
  outgoingServer: 'smtp.shop.example',
  outgoingPort: null,
  ssl: true,
  isMsal: false,
  msalClientId: '',
  msalTenantId: '',
};

describe('a stored mailbox secret in the editor', () => {
  it('is kept while the servers, ports, user name and SSL are the saved ones', () => {
    expect(mailSecretState(saved, { ...saved, email: 'new@shop.example', msalTenantId: 'unused' })).toEqual({
      kind: 'kept',
    });
    // Host names ignore case and blanks; an empty port is the port used anyway.
    expect(
      mailSecretState(saved, { ...saved, incomingServer: ' IMAP.shop.example', outgoingPort: 587 }),
    ).toEqual({
      kind: 'kept',
    });
    expect(mailSecretState(null, saved)).toEqual({ kind: 'none' });
  });

  it('must be typed again when one of them changes, naming what changed', () => {
    expect(
      mailSecretState(saved, { ...saved, incomingServer: 'imap.attacker.example', incomingPort: 1993 }),
    ).toEqual({
      kind: 'retype',
      message: 'Incoming Server and Incoming Port changed: enter the password again.',
    });
    expect(mailSecretState(saved, { ...saved, ssl: false })).toMatchObject({ kind: 'retype' });
    expect(mailSecretState(saved, { ...saved, isMsal: true })).toEqual({
      kind: 'retype',
      message: 'Use Microsoft Authentication (MSAL) changed: enter the client secret again.',
    });
    const msal = { ...saved, isMsal: true, msalClientId: 'app', msalTenantId: 'tenant' };
    expect(mailSecretState(msal, { ...msal, msalTenantId: 'other', username: 'ignored with MSAL' })).toEqual({
      kind: 'retype',
      message: 'Tenant ID changed: enter the client secret again.',
    });
  });
});

describe('a stored SFTP password in the editor', () => {
  const sftp = { sftpServerAddress: 'sftp.acme.example', sftpPort: null, sftpUsername: 'acme' };

  it('is kept on the same server (port 22 is the empty port) and dropped with the server', () => {
    expect(sftpSecretState(sftp, { ...sftp, sftpPort: 22 })).toEqual({ kind: 'kept' });
    expect(sftpSecretState(sftp, { ...sftp, sftpServerAddress: '' })).toEqual({ kind: 'none' });
    expect(sftpSecretState(null, sftp)).toEqual({ kind: 'none' });
  });

  it('must be typed again for another address, port or user name', () => {
    expect(sftpSecretState(sftp, { ...sftp, sftpUsername: 'root' })).toEqual({
      kind: 'retype',
      message: 'SFTP username changed: enter the SFTP password again.',
    });
    expect(sftpSecretState(sftp, { ...sftp, sftpPort: formPort('2222') })).toMatchObject({ kind: 'retype' });
  });

  it('reads port inputs like the server: empty is null, junk never matches', () => {
    expect(formPort('')).toBeNull();
    expect(formPort(' 2222 ')).toBe(2222);
    expect(formPort('22x')).toBeNaN();
  });
});
