import type { Database } from '@app/db';
import type { AppConfig } from './config/env';
import { configureReader } from './integrations/spreadsheet';
import { createSystemMailer, type SystemMailer } from './integrations/system-mailer';
import { type Clock, systemClock } from './lib/clock';
import type { DocumentedSchema } from './lib/route-docs';
import { createSecretBox, type SecretBox } from './lib/secrets';
import type { RouteBody } from './plugins/request-guards';
import { createAccessTokens, type RouteAccess } from './plugins/session';

// The clock's home is lib/clock.ts (the session plugin needs it and context.ts needs the plugin); most
// modules take it from here, beside the rest of the context.
export { type Clock, systemClock } from './lib/clock';

/**
 * What every part of the product works with: the database, configuration, system mail, the secret box, the
 * clock and the job queue. Built once per process by `createAppContext`: the web server hands it to its
 * routes, the worker to its jobs, tests to what they exercise. See docs/design/architecture.md.
 */
export interface AppContext {
  /** Every route as registered, with who may call it: the authorisation test walks this list. */
  routes: RegisteredRoute[];
  db: Database['db'];
  database: Database;
  config: AppConfig;
  mailer: SystemMailer;
  secrets: SecretBox;
  accessTokens: ReturnType<typeof createAccessTokens>;
  /** Where scheduled work (batches, non-daily vendors, notification digests) reads the time; tests move it. */
  clock: Clock;
  /** Work a request hands to the job queue (password reset mail); set by startJobs, unset until then. */
  jobQueue: JobSender | undefined;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** What its body is: JSON, or a multipart file upload. */
  body: RouteBody;
  /** What it declares for the API reference (lib/route-docs.ts); web app files are hidden. */
  schema: (Partial<DocumentedSchema> & { hide?: boolean }) | undefined;
  /** A POST that changes nothing: a read-only API token may call it. */
  readOnly: boolean;
}

export interface JobSender {
  send(queue: string, data: object, options?: { singletonKey?: string }): Promise<string | null>;
}

export interface AppContextOptions {
  database: Database;
  config: AppConfig;
  /** Where the system mailer reports a mail server it cannot use. */
  log: { warn(obj: object, msg: string): void };
  mailer?: SystemMailer;
  clock?: Clock;
}

export function createAppContext(options: AppContextOptions): AppContext {
  const { database, config } = options;
  // The spreadsheet reader's limits are per process, and both the web server and the worker read files.
  configureReader({
    maxHeapMb: config.spreadsheetMaxMemoryMb,
    timeoutMs: config.spreadsheetTimeoutSeconds * 1000,
  });
  return {
    routes: [],
    db: database.db,
    database,
    config,
    mailer: options.mailer ?? createSystemMailer(config.smtp, options.log),
    secrets: createSecretBox(config.secretKey),
    accessTokens: createAccessTokens(config),
    clock: options.clock ?? systemClock,
    jobQueue: undefined,
  };
}
