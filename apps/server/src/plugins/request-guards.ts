/**
 * What every request must satisfy before a route sees it, apart from the session (session.ts):
 *
 * - cross-site request forgery: a state-changing request must come from the product's own origin
 *   (docs/decisions/0007-cross-site-requests.md);
 * - body type: JSON routes take only JSON, and only routes declared `config.body: 'file'` take
 *   multipart/form-data, so an HTML form on another site cannot reach a JSON route at all;
 * - text: no NUL character anywhere in a body, query string or path parameter (PostgreSQL text cannot hold it);
 * - a refusal sent before the body was read closes the connection, so the rest of the body is never read.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env';
import { AppError } from '../lib/app-error';
import { assertNoNulCharacter } from '../lib/validate';
import { bearerApiToken, hasSessionCookie } from './session';

/** What a route's body is: JSON (the default) or a multipart file upload. */
export type RouteBody = 'json' | 'file';

declare module 'fastify' {
  interface FastifyContextConfig {
    body?: RouteBody;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const MEDIA_TYPES: Record<RouteBody, string> = { json: 'application/json', file: 'multipart/form-data' };

/** Registered after the cookie plugin and before the session: a forged request costs no session lookup. */
export function registerOriginCheck(app: FastifyInstance, config: Pick<AppConfig, 'publicOrigin'>) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // The one place for exemptions: a request authenticated by an API token (Authorization: Bearer) carries
    // no ambient credential a foreign page could borrow. With a session cookie sent along, the cookie could
    // be the one acting, so the check stays (docs/decisions/0015-api-tokens.md).
    if (bearerApiToken(request) !== null && !hasSessionCookie(request)) return;
    const refusal = crossOriginRefusal(request, config.publicOrigin);
    if (refusal) throw new AppError(403, 'CROSS_ORIGIN_REQUEST', refusal);
  });
}

/**
 * Why a state-changing request must be refused as possibly forged, or null when it comes from the expected
 * origin. Browsers send Origin on every non-GET request; Referer and Sec-Fetch-Site are the fall-backs.
 * A request with none of them is not from a browser: it may go on only when it carries no session cookie.
 */
function crossOriginRefusal(request: FastifyRequest, publicOrigin: string | undefined): string | null {
  const expected = publicOrigin ?? originOfHost(request);
  const origin = single(request.headers.origin);
  if (origin !== undefined) {
    if (sameOrigin(origin, expected, publicOrigin === undefined)) return null;
    return `Refused: this request came from ${origin === 'null' ? 'an unnamed origin' : origin}, not from ${expected}.`;
  }
  const referer = single(request.headers.referer);
  if (referer !== undefined) {
    if (sameOrigin(referer, expected, publicOrigin === undefined)) return null;
    return `Refused: this request came from a page outside ${expected}.`;
  }
  const fetchSite = single(request.headers['sec-fetch-site']);
  if (fetchSite !== undefined) {
    if (fetchSite === 'same-origin') return null;
    return `Refused: this request came from a page outside ${expected}.`;
  }
  if (hasSessionCookie(request)) {
    return `Refused: a signed-in request that changes data must name its origin. Send the header "Origin: ${expected}".`;
  }
  return null;
}

/** The origin the request was addressed to; `request.host` follows X-Forwarded-Host only behind a trusted proxy. */
function originOfHost(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return `${request.protocol}://${request.host}`;
  }
}

/**
 * Without PUBLIC_URL only the host and port are compared: behind a TLS proxy that is not trusted the request
 * looks like http while the browser's origin is https, and one host and port serve one scheme.
 */
function sameOrigin(url: string, expected: string, hostOnly: boolean): boolean {
  let actual: URL;
  try {
    actual = new URL(url);
  } catch {
    return false;
  }
  if (actual.origin === 'null') return false;
  if (!hostOnly) return actual.origin === expected;
  return actual.host === new URL(expected).host;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Registered after the session: who may call the route is answered (401/403) before what was sent (415).
 * The media type is checked on the header alone, before any byte of the body is read.
 */
export function registerBodyGuards(app: FastifyInstance) {
  // No route takes plain text; without this parser such a body is refused by Fastify too.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.is404) return;
    const declared = request.headers['content-type'];
    if (declared === undefined) return;
    const mediaType = declared.split(';')[0]?.trim().toLowerCase() ?? '';
    const body = request.routeOptions.config.body ?? 'json';
    const accepted = MEDIA_TYPES[body];
    if (mediaType === accepted) return;
    const wanted = body === 'file' ? 'a file upload (multipart/form-data)' : 'JSON (application/json)';
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `This call takes ${wanted}, not ${mediaType || 'an empty type'}.`,
    );
  });

  // Fields are named as the contract schemas name them (a body's `username`, a query's `search`).
  app.addHook('preValidation', async (request) => {
    assertNoNulCharacter(request.params);
    assertNoNulCharacter(request.query);
    assertNoNulCharacter(request.body);
  });

  app.addHook('onSend', async (request, reply) => {
    // A refusal sent before the body arrived (401, 403, 413, 415): ending the connection after the answer
    // stops Node from reading and discarding the rest of the body to keep the connection alive.
    if (request.raw.complete === false) reply.header('connection', 'close');
  });
}
