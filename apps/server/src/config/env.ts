import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { passwordProblem } from '@app/contracts';
import { z } from 'zod';

const boolText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  APP_SECRET_KEY: z.string().min(32, 'APP_SECRET_KEY must be at least 32 characters').optional(),
  ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  ADMIN_EMAIL: z.email('ADMIN_EMAIL must be an e-mail address').optional(),
  ADMIN_PASSWORD: z
    .string()
    .superRefine((password, ctx) => {
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: 'custom', message: `ADMIN_PASSWORD: ${problem}` });
    })
    .optional(),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z
    .string()
    .transform((text, ctx) => {
      const parsed = parseTrustProxy(text);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().positive().optional(),
  SMTP_SECURE: boolText.optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().positive().default(15),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().positive().default(30),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).default(10),
  RUN_FILE_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1, 'AUDIT_RETENTION_DAYS must be at least 1')
    .default(365),
  WEB_DIST_DIR: z.string().optional(),
  CHROMIUM_PATH: z.string().optional(),
  ORDER_LINKS_ALLOW_PRIVATE_ADDRESSES: boolText.default(false),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce
    .number()
    .min(0.5, 'WEBHOOK_TIMEOUT_SECONDS must be at least 0.5')
    .max(120, 'WEBHOOK_TIMEOUT_SECONDS must be at most 120')
    .default(10),
  /** Turns GET /metrics on; Prometheus sends it as `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAIL_POLL_SECONDS: z.coerce.number().int().min(1, 'MAIL_POLL_SECONDS must be at least 1').default(300),
  MAIL_POLL_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1, 'MAIL_POLL_TIMEOUT_SECONDS must be at least 1')
    .default(300),
  MAIL_POLL_BACKOFF_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(1, 'MAIL_POLL_BACKOFF_MAX_SECONDS must be at least 1')
    .default(900),
  SFTP_POLL_SECONDS: z.coerce.number().int().min(1, 'SFTP_POLL_SECONDS must be at least 1').default(300),
  CONNECT_TIMEOUT_SECONDS: z.coerce
    .number()
    .min(0.1, 'CONNECT_TIMEOUT_SECONDS must be at least 0.1')
    .max(300, 'CONNECT_TIMEOUT_SECONDS must be at most 300')
    .default(15),
  INVENTORY_ALERT_CHECK_MINUTES: z.coerce
    .number()
    .int()
    .min(1, 'INVENTORY_ALERT_CHECK_MINUTES must be at least 1')
    .default(60),
  SPREADSHEET_MAX_MEMORY_MB: z.coerce
    .number()
    .int()
    .min(128, 'SPREADSHEET_MAX_MEMORY_MB must be at least 128')
    .default(1024),
  SPREADSHEET_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1, 'SPREADSHEET_TIMEOUT_SECONDS must be at least 1')
    .default(120),
  NOTIFICATIONS_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'NOTIFICATIONS_TIME_ZONE must be an IANA time zone such as Europe/Berlin')
    .default('UTC'),
  // Delegated mailbox sign-in (docs/deploying.md#mailbox-sign-in-with-microsoft-365-and-google).
  MICROSOFT_OAUTH_CLIENT_ID: z.string().trim().optional(),
  MICROSOFT_OAUTH_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_OAUTH_TENANT: z.string().trim().default('organizations'),
  MICROSOFT_OAUTH_AUTHORITY: z.url().default('https://login.microsoftonline.com'),
  GOOGLE_OAUTH_CLIENT_ID: z.string().trim().optional(),
  GOOGLE_OAUTH_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_OAUTH_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_OAUTH_ISSUER: z.string().trim().default('https://accounts.google.com'),
  GOOGLE_OAUTH_REVOKE_URL: z.url().default('https://oauth2.googleapis.com/revoke'),
  NOTIFICATIONS_SEND_TIME: z
    .string()
    .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, 'NOTIFICATIONS_SEND_TIME must be a time of day as HH:MM')
    .default('07:00'),
});

/** The proxies whose X-Forwarded-For is believed (false: none, the socket's peer is the client). */
export type TrustProxy = false | string[];

const TRUST_PROXY_HELP =
  'TRUST_PROXY must list the addresses or CIDR ranges of your reverse proxies, comma-separated (e.g. 10.0.0.5, 172.16.0.0/12, loopback)';

/**
 * The address forms Fastify's trustProxy takes, or an error message (a string). A hop count is refused, as
 * Fastify itself now refuses it: it cannot tell a proxy from a client that connects directly and writes
 * its own X-Forwarded-For; neither can `true`.
 */
function parseTrustProxy(text: string): TrustProxy | string {
  const value = text.trim().toLowerCase();
  if (value === 'false') return false;
  if (value === 'true') return `${TRUST_PROXY_HELP}; "true" would let every client choose its own address`;
  if (/^\d+$/.test(value)) {
    return `${TRUST_PROXY_HELP}; a hop count cannot tell a proxy from a client that connects directly`;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isProxyAddress(entry)) return `${TRUST_PROXY_HELP}; "${entry}" is not one`;
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  // proxy-addr also takes an IPv4 netmask (10.0.0.0/255.0.0.0).
  return family === 4 && isIP(range) === 4;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string | undefined;
  password?: string | undefined;
  from: string;
}

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  secretKey: string;
  adminUsername: string;
  adminPassword: string | undefined;
  adminEmail: string;
  publicUrl: string;
  /** TRUST_PROXY: off by default, so X-Forwarded-For cannot choose the address the login limits count. */
  trustProxy: TrustProxy;
  /**
   * The origin of PUBLIC_URL when it is set: state-changing requests must come from it. Unset: from the
   * host the request was sent to.
   */
  publicOrigin: string | undefined;
  smtp: SmtpSettings | undefined;
  accessTokenMinutes: number;
  refreshTokenDays: number;
  /** A rotated refresh token presented again within this time is a concurrent tab, not theft. */
  refreshReuseGraceMs: number;
  /** Input and output files of runs older than this are deleted by housekeeping (docs/behaviour/runs-and-history.md#files-and-retention). */
  runFileRetentionDays: number;
  /** Audit entries older than this are deleted by housekeeping (docs/behaviour/audit-log.md#retention). */
  auditRetentionDays: number;
  webDistDir: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** METRICS_TOKEN: GET /metrics answers only when it is set, and only to this bearer token. */
  metricsToken: string | undefined;
  /** Cookies get the Secure flag when the public URL is https. */
  secureCookies: boolean;
  /** Each active mailbox is polled this often (IDLE wakes it earlier where the server supports it). */
  mailPollSeconds: number;
  /** A poll still running after this long is abandoned (connection closed) and retried by the queue. */
  mailPollTimeoutSeconds: number;
  /** The longest pause between scheduled polls of a mailbox whose server keeps failing (back-off). */
  mailPollBackoffMaxSeconds: number;
  /** The inbound SFTP folder of each active inventory source with an SFTP server is polled this often. */
  sftpPollSeconds: number;
  /** How long a mail or SFTP server may take to accept a connection and greet (tests, polls, sending). */
  connectTimeoutMs: number;
  /** How often inventory sources are checked for "no file for N days" (daysUntilNoUpdateNotification). */
  inventoryAlertCheckMinutes: number;
  /** Daily, weekly and monthly digests go out at `notificationSendTime` in this zone; cron runs in it too. */
  notificationTimeZone: string;
  notificationSendTime: TimeOfDay;
  /** Order links (order submission) may lead to loopback and private networks; off: public addresses only. */
  orderLinksAllowPrivateAddresses: boolean;
  /** WEBHOOK_TIMEOUT_SECONDS: how long a webhook receiver may take to answer one delivery. */
  webhookTimeoutMs: number;
  /** Each spreadsheet is parsed in a child process with this heap (MB) and time limit (seconds). */
  spreadsheetMaxMemoryMb: number;
  spreadsheetTimeoutSeconds: number;
  /** The OAuth applications mailboxes sign in with; a provider is offered only when its client is set. */
  mailboxOAuth: MailboxOAuthConfig;
}

export interface MailboxOAuthApp {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Where sign-out revokes the grant (Google); Microsoft has no revocation endpoint for a refresh token. */
  revokeUrl?: string | undefined;
  /** Where the keys that sign its ID tokens are published, and the issuer they name. */
  keys: { kind: 'openid-configuration'; url: string } | { kind: 'jwks'; url: string; issuers: string[] };
}

export interface MailboxOAuthConfig {
  microsoft: MailboxOAuthApp | undefined;
  google: MailboxOAuthApp | undefined;
}

function mailboxOAuthConfig(e: z.infer<typeof EnvSchema>): MailboxOAuthConfig {
  const authority = e.MICROSOFT_OAUTH_AUTHORITY.replace(/\/$/, '');
  const tenantBase = `${authority}/${encodeURIComponent(e.MICROSOFT_OAUTH_TENANT)}`;
  // Google's ID tokens name their issuer with or without the scheme.
  const googleIssuer = e.GOOGLE_OAUTH_ISSUER.replace(/^https:\/\//, '');
  return {
    microsoft:
      e.MICROSOFT_OAUTH_CLIENT_ID && e.MICROSOFT_OAUTH_CLIENT_SECRET
        ? {
            clientId: e.MICROSOFT_OAUTH_CLIENT_ID,
            clientSecret: e.MICROSOFT_OAUTH_CLIENT_SECRET,
            authorizeUrl: `${tenantBase}/oauth2/v2.0/authorize`,
            tokenUrl: `${tenantBase}/oauth2/v2.0/token`,
            keys: {
              kind: 'openid-configuration',
              url: `${tenantBase}/v2.0/.well-known/openid-configuration`,
            },
          }
        : undefined,
    google:
      e.GOOGLE_OAUTH_CLIENT_ID && e.GOOGLE_OAUTH_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_OAUTH_CLIENT_ID,
            clientSecret: e.GOOGLE_OAUTH_CLIENT_SECRET,
            authorizeUrl: e.GOOGLE_OAUTH_AUTH_URL,
            tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
            revokeUrl: e.GOOGLE_OAUTH_REVOKE_URL,
            keys: {
              kind: 'jwks',
              url: e.GOOGLE_OAUTH_JWKS_URL,
              issuers: [e.GOOGLE_OAUTH_ISSUER, googleIssuer, `https://${googleIssuer}`],
            },
          }
        : undefined,
  };
}

export interface TimeOfDay {
  hour: number;
  minute: number;
}

export class ConfigError extends Error {}

/** Reads and checks the environment once at start-up; every bad variable is reported, not only the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // `npm start` runs in apps/server; a relative DATA_DIR means relative to where the command was typed.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const smtp: SmtpSettings | undefined = e.SMTP_HOST
    ? {
        host: e.SMTP_HOST,
        port: e.SMTP_PORT ?? (e.SMTP_SECURE ? 465 : 587),
        secure: e.SMTP_SECURE ?? false,
        user: e.SMTP_USER,
        password: e.SMTP_PASSWORD,
        from: e.MAIL_FROM ?? e.SMTP_USER ?? `no-reply@${e.SMTP_HOST}`,
      }
    : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    secretKey: e.APP_SECRET_KEY ?? readOrCreateSecretKey(dataDir),
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    // A placeholder the admin replaces on the Account page; it must pass the same e-mail check as any user.
    adminEmail: e.ADMIN_EMAIL ?? 'admin@example.com',
    publicUrl,
    trustProxy: e.TRUST_PROXY ?? false,
    publicOrigin: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    smtp,
    accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
    refreshTokenDays: e.REFRESH_TOKEN_DAYS,
    refreshReuseGraceMs: e.REFRESH_REUSE_GRACE_SECONDS * 1000,
    runFileRetentionDays: e.RUN_FILE_RETENTION_DAYS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    webDistDir: e.WEB_DIST_DIR,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    secureCookies: publicUrl.startsWith('https://'),
    mailPollSeconds: e.MAIL_POLL_SECONDS,
    mailPollTimeoutSeconds: e.MAIL_POLL_TIMEOUT_SECONDS,
    mailPollBackoffMaxSeconds: e.MAIL_POLL_BACKOFF_MAX_SECONDS,
    sftpPollSeconds: e.SFTP_POLL_SECONDS,
    connectTimeoutMs: Math.round(e.CONNECT_TIMEOUT_SECONDS * 1000),
    inventoryAlertCheckMinutes: e.INVENTORY_ALERT_CHECK_MINUTES,
    notificationTimeZone: e.NOTIFICATIONS_TIME_ZONE,
    notificationSendTime: parseTimeOfDay(e.NOTIFICATIONS_SEND_TIME),
    orderLinksAllowPrivateAddresses: e.ORDER_LINKS_ALLOW_PRIVATE_ADDRESSES,
    webhookTimeoutMs: Math.round(e.WEBHOOK_TIMEOUT_SECONDS * 1000),
    spreadsheetMaxMemoryMb: e.SPREADSHEET_MAX_MEMORY_MB,
    spreadsheetTimeoutSeconds: e.SPREADSHEET_TIMEOUT_SECONDS,
    mailboxOAuth: mailboxOAuthConfig(e),
  };
}

function parseTimeOfDay(text: string): TimeOfDay {
  const [hour, minute] = text.split(':').map(Number);
  return { hour: hour ?? 0, minute: minute ?? 0 };
}

function readOrCreateSecretKey(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
