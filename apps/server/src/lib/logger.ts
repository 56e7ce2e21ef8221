import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
import type { AppConfig } from '../config/env';
import { serializeError } from './error-redaction';
import { redactCredentials, requestLogSerializers } from './request-log';

/**
 * Every logger of the product (requests, jobs, the worker process) writes errors through the redacting
 * serializer, keeps tokens out of logged URLs, and cuts anything shaped like a credential from every line it
 * writes (request-log.ts). `false` turns logging off (tests); an object is pino's options.
 */
export function loggerOptions(
  logger: FastifyServerOptions['logger'] | undefined,
  level: AppConfig['logLevel'],
): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const base = typeof logger === 'object' && logger !== null ? logger : { level };
  return {
    ...base,
    serializers: { ...base.serializers, ...requestLogSerializers, err: serializeError },
    hooks: { ...base.hooks, streamWrite: redactCredentials },
  };
}

/** The logger of a process without an HTTP server (the worker), with the same options as the app's. */
export function createLogger(level: AppConfig['logLevel']): FastifyBaseLogger {
  return pino(loggerOptions(undefined, level) as pino.LoggerOptions);
}
