/**
 * Which connection settings a stored secret belongs to. A saved mailbox password (or Microsoft client
 * secret) and a saved SFTP password may only ever be used with the exact settings they were typed for:
 * otherwise anyone allowed to edit a source could point it at a server of their choosing and receive the
 * password there. The server seals each secret to these settings (a changed setting makes it unreadable),
 * refuses a save or a connection test that changes one of them without the secret typed again, and the
 * editors ask for it again as soon as one changes. One rule, shared by server and web.
 */

/** Ports the connections use when the field is empty (the editors' placeholders). */
export const DEFAULT_PORTS = { imaps: 993, imap: 143, smtp: 587, sftp: 22 } as const;

/** The settings of an e-mail source a stored password or client secret follows. */
export interface MailSecretSettings {
  username: string;
  email: string;
  incomingServer: string;
  incomingPort: number | null;
  outgoingServer: string;
  outgoingPort: number | null;
  ssl: boolean;
  isMsal: boolean;
  msalClientId: string;
  msalTenantId: string;
}

/** The settings of an inventory source a stored SFTP password follows. */
export interface SftpSecretSettings {
  sftpServerAddress: string;
  sftpPort: number | null;
  sftpUsername: string;
}

type Part = readonly [label: string, value: string | number | boolean];

// Host names are case-insensitive; a port left empty is the port the connection uses anyway.
const hostName = (host: string) => host.trim().toLowerCase();

/** Each setting with the editor's label for it, in the editor's order. */
function mailParts(settings: MailSecretSettings): Part[] {
  const incomingDefault = settings.ssl ? DEFAULT_PORTS.imaps : DEFAULT_PORTS.imap;
  // With MSAL the mailbox signs in as its address with a token for that app registration; without, the
  // username is the sign-in name and the MSAL fields are not used at all.
  const signIn: Part[] = settings.isMsal
    ? [
        ['Email', settings.email.trim().toLowerCase()],
        ['Client ID', settings.msalClientId.trim()],
        ['Tenant ID', settings.msalTenantId.trim()],
      ]
    : [['Username', settings.username.trim()]];
  return [
    ['Use Microsoft Authentication (MSAL)', settings.isMsal],
    ...signIn,
    ['Incoming Server', hostName(settings.incomingServer)],
    ['Incoming Port', settings.incomingPort ?? incomingDefault],
    ['Outgoing Server', hostName(settings.outgoingServer)],
    ['Outgoing Port', settings.outgoingPort ?? DEFAULT_PORTS.smtp],
    // Without SSL the secret crosses the network in clear.
    ['Use SSL', settings.ssl],
  ];
}

function sftpParts(settings: SftpSecretSettings): Part[] {
  return [
    ['SFTP server address', hostName(settings.sftpServerAddress)],
    ['SFTP port', settings.sftpPort ?? DEFAULT_PORTS.sftp],
    ['SFTP username', settings.sftpUsername.trim()],
  ];
}

function changedLabels(saved: Part[], next: Part[]): string[] {
  if (saved.length !== next.length) return [next[0]![0]];
  return next.filter(([, value], index) => saved[index]![1] !== value).map(([label]) => label);
}

/** The text a mailbox secret is sealed to (the same settings always give the same text). */
export function mailSecretBinding(settings: MailSecretSettings): string {
  return JSON.stringify(['mail', ...mailParts(settings).map(([, value]) => value)]);
}

export function sftpSecretBinding(settings: SftpSecretSettings): string {
  return JSON.stringify(['sftp', ...sftpParts(settings).map(([, value]) => value)]);
}

/** The labels of the settings that differ from the saved ones; empty: the saved secret may be used. */
export function mailSecretChanges(saved: MailSecretSettings, next: MailSecretSettings): string[] {
  if (saved.isMsal !== next.isMsal) return ['Use Microsoft Authentication (MSAL)'];
  return changedLabels(mailParts(saved), mailParts(next));
}

export function sftpSecretChanges(saved: SftpSecretSettings, next: SftpSecretSettings): string[] {
  return changedLabels(sftpParts(saved), sftpParts(next));
}

/** A recorded SFTP host key belongs to the server's address and port (not to the user name). */
export function sftpServerChanged(saved: SftpSecretSettings, next: SftpSecretSettings): boolean {
  return sftpSecretChanges(saved, next).some((label) => label !== 'SFTP username');
}

function listed(labels: string[]): string {
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : (labels[0] ?? '');
}

/** 'Incoming Server and Incoming Port changed: enter the password again.' */
export function secretRetypeMessage(changes: string[], secretName: string): string {
  return `${listed(changes)} changed: enter the ${secretName} again.`;
}

export const mailSecretName = (isMsal: boolean) => (isMsal ? 'client secret' : 'password');
export const SFTP_SECRET_NAME = 'SFTP password';
