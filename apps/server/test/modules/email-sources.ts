/** Test data for e-mail sources. */

interface Endpoint {
  host: string;
  port: number;
}

/**
 * The editor's form for a source whose mailbox is on `imap` and whose outgoing server is `smtp`, both plain
 * (SSL off), signing in as `login` on both.
 */
export function loopbackMailboxForm(
  servers: { imap: Endpoint; smtp: Endpoint },
  login: { user: string; password: string },
  overrides: Record<string, unknown> = {},
) {
  return {
    id: 0,
    username: login.user,
    email: 'sender@shop.example',
    password: login.password,
    incomingServer: servers.imap.host,
    incomingPort: servers.imap.port,
    outgoingServer: servers.smtp.host,
    outgoingPort: servers.smtp.port,
    ssl: false,
    isMsal: false,
    msalClientId: '',
    msalTennentId: '',
    activeStatus: true,
    ...overrides,
  };
}
