import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ApiErrorBody, MAX_UPLOAD_BYTES } from '@app/contracts';
import type { Database } from '@app/db';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { AppConfig } from './config/env';
import { type AppContext, type Clock, createAppContext, type RegisteredRoute } from './context';
import type { SystemMailer } from './integrations/system-mailer';
import { AppError } from './lib/app-error';
import { loggerOptions } from './lib/logger';
import { registerRouteDocs } from './lib/route-docs';
import { accountRoutes } from './modules/accounts/routes';
import { apiDocsRoutes } from './modules/api-docs/routes';
import { apiTokenRoutes } from './modules/api-tokens/routes';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { emailSourceRoutes } from './modules/email-sources/routes';
import { inventoryProcessingRoutes } from './modules/inventory-processing/routes';
import { inventorySourceRoutes } from './modules/inventory-sources/routes';
import { mappingSuggestionRoutes } from './modules/mapping-suggestions/routes';
import { notificationSettingRoutes } from './modules/notifications/routes';
import { operationsRoutes } from './modules/operations/routes';
import { orderSubmissionEngineRoutes } from './modules/order-submission/engine/routes';
import { orderSubmissionSourceRoutes } from './modules/order-submission/sources-routes';
import { orderTrackingRoutes } from './modules/order-tracking/routes';
import { orderTrackingIngestionRoutes } from './modules/order-tracking-ingestion/routes';
import { orderTrackingSourceRoutes } from './modules/order-tracking-sources/routes';
import { runRoutes } from './modules/runs/routes';
import { statsRoutes } from './modules/stats/routes';
import { trackingNumberRoutes } from './modules/tracking-numbers/routes';
import { orderVendorSourceRoutes } from './modules/vendors/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { registerBodyGuards, registerOriginCheck } from './plugins/request-guards';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSession } from './plugins/session';

export interface BuildAppOptions {
  database: Database;
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
  mailer?: SystemMailer;
  clock?: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext;
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { database, config } = options;
  const app = Fastify({
    // Every request log line goes through serializers that keep tokens in query strings and query
    // parameters of failed statements out of it.
    logger: loggerOptions(options.logger, config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 15 * 1024 * 1024,
  });

  const context = createAppContext({
    database,
    config,
    log: app.log,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  recordRoutes(app, context);

  // The onRequest hooks run in this order: headers, origin, session and route access, body type. All of
  // them answer before Fastify reads the body.
  await registerSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  // File uploads (manual processing): one file of at most 10 MB per request; routes that declare
  // `config.body: 'file'` read it with request.file().
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  registerOriginCheck(app, config);
  registerSession(app, database.db, context.accessTokens, context.clock);
  registerBodyGuards(app);
  app.decorate('context', context);
  registerRouteDocs(app);

  setErrorHandler(app);
  await registerApiRoutes(app, context);
  await registerWebApp(app, config);
  return app;
}

/** Every route as registered (method, access, body, schema), read by the OpenAPI document and route-authorisation.test.ts. */
function recordRoutes(app: FastifyInstance, context: AppContext): void {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      context.routes.push({
        method,
        url: route.url,
        access: route.config?.access ?? 'user',
        body: route.config?.body ?? 'json',
        schema: route.schema as RegisteredRoute['schema'],
        readOnly: route.config?.readOnly === true,
      });
    }
  });
}

/** The one error handler: an AppError as its status and code, Fastify's own 4xx explained, any 5xx hidden. */
function setErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { statusCode: error.statusCode, code: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send(body);
    }
    const fastifyError = error as { statusCode?: number; code?: string; message: string };
    const status = fastifyError.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own 4xx (malformed JSON, body too large, unsupported media type) are safe to explain.
      return reply.code(status).send({
        statusCode: status,
        code: fastifyError.code ?? 'BAD_REQUEST',
        message: fastifyError.message,
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Something went wrong on the server. Please try again.',
    });
  });
}

async function registerApiRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await operationsRoutes(app, context);
  await authRoutes(app, context);
  await accountRoutes(app, context);
  await apiTokenRoutes(app, context);
  await statsRoutes(app, context);
  await emailSourceRoutes(app, context);
  await orderTrackingSourceRoutes(app, context);
  await orderTrackingRoutes(app, context);
  await orderTrackingIngestionRoutes(app, context);
  await trackingNumberRoutes(app, context);
  await inventorySourceRoutes(app, context);
  await inventoryProcessingRoutes(app, context);
  await mappingSuggestionRoutes(app, context);
  await runRoutes(app, context);
  await notificationSettingRoutes(app, context);
  await orderSubmissionSourceRoutes(app, context);
  await orderSubmissionEngineRoutes(app, context);
  await orderVendorSourceRoutes(app, context);
  await apiDocsRoutes(app, context);
  await webhookRoutes(app, context);
  await auditRoutes(app, context);
}

/** The built web app, when there is one, and the answer for any URL no route has. */
async function registerWebApp(app: FastifyInstance, config: AppConfig): Promise<void> {
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(404)
      .send({ statusCode: 404, code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url}` });

  const webDist = config.webDistDir;
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  if (webDist && indexFile && existsSync(indexFile)) {
    const indexHtml = readFileSync(indexFile);
    await app.register(async (web) => {
      // The built web app is public: the login page must load before anyone has a session.
      web.addHook('onRoute', (route) => {
        route.config = { ...(route.config ?? {}), access: 'public' };
      });
      // docs/design/web-delivery.md: the build writes .br and .gz beside each asset and the file the browser
      // accepts is sent as it is. Hashed names under /assets/ never change content, so browsers keep them for a
      // year without asking; everything else (index.html, theme.js) is revalidated on every load, so a release
      // reaches users on their next page load.
      await web.register(fastifyStatic, {
        root: path.resolve(webDist),
        wildcard: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          reply.header('cache-control', webCacheControl(path.relative(webDist, filePath)));
        },
      });
    });
    // Deep links (/account, /admin/manage/users/edit/3) load the app, which routes on the client.
    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url.startsWith('/api/') || request.url.startsWith('/auth/');
      if (request.method !== 'GET' || isApi) return notFound(request, reply);
      return reply
        .code(200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    });
  } else {
    app.setNotFoundHandler(notFound);
  }
}

/** Files the build names by content hash (Vite's assets/ folder); any other file may change under its name. */
export function webCacheControl(relativePath: string): string {
  return relativePath.split(path.sep)[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
}
