import type { CurrentUser } from '@app/contracts';
import { API_TOKEN_PREFIX, COOKIE_NAMES } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { AppConfig } from '../config/env';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { deriveKey } from '../lib/crypto';
import { type ApiTokenCaller, authenticateApiToken } from '../modules/api-tokens/service';
import { findSessionUserOfFamily } from '../modules/auth/repository';
import type { SessionUser } from './session-user';

export type { SessionUser } from './session-user';

export type UserFlag = 'inventoryUser' | 'orderUser' | 'submissionUser';

/** Route access of the Sources hub rules (docs/behaviour/accounts-and-sign-in.md#roles-and-flags). */
export const SOURCE_ACCESS = {
  anySource: { anyFlag: ['orderUser', 'inventoryUser', 'submissionUser'] },
  order: { anyFlag: ['orderUser'] },
  inventory: { anyFlag: ['inventoryUser'] },
  submission: { anyFlag: ['submissionUser'] },
} as const satisfies Record<string, RouteAccess>;

/**
 * Who may call a route. Every route declares it in `config.access`; a route that forgets is treated as
 * 'user', never as public. 'signed-in token' takes a valid access token without reading the user from the
 * database (request.tokenClaims, no request.user): only for GET /api/progress, which must answer while a
 * long import holds the embedded database's one connection (docs/decisions/0011-progress-in-memory.md).
 */
export type RouteAccess = 'public' | 'user' | 'admin' | 'signed-in token' | { anyFlag: readonly UserFlag[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * A POST that changes nothing (a search, a preview): a read-only API token may call it. GET calls need
     * no mark; every other POST, PUT and DELETE needs a read-write token.
     */
    readOnly?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    tokenClaims: AccessTokenClaims | null;
    /** Set when the request was authenticated by `Authorization: Bearer iot_…` instead of the session cookie. */
    apiToken: ApiTokenCaller | null;
  }
}

/**
 * Paths where API tokens are refused (403): signing in and out, the account itself, user administration
 * and the tokens, so that a leaked token can neither mint tokens nor change a password or a user
 * (docs/decisions/0015-api-tokens.md).
 */
export const API_TOKEN_REFUSED_PREFIXES = ['/auth/', '/api/accounts/', '/api/tokens'] as const;

/** The API token of `Authorization: Bearer iot_…`; other bearer values (METRICS_TOKEN) are not ours. */
export function bearerApiToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ \t]+(\S+)$/i.exec(header.trim());
  return match?.[1]?.startsWith(API_TOKEN_PREFIX) ? match[1] : null;
}

/** Whether the request carries a session cookie (access or refresh token). */
export function hasSessionCookie(request: FastifyRequest): boolean {
  const cookies = request.cookies;
  return Boolean(cookies[COOKIE_NAMES.accessToken] || cookies[COOKIE_NAMES.refreshToken]);
}

export function sessionUserOrThrow(request: FastifyRequest): SessionUser {
  if (!request.user) throw AppError.unauthorized();
  return request.user;
}

export function hasFlag(user: Pick<SessionUser, 'isAdmin' | UserFlag>, flag: UserFlag): boolean {
  // Admins hold full rights (docs/behaviour/accounts-and-sign-in.md#roles-and-flags), so they pass every flag check.
  return user.isAdmin || user[flag];
}

export function toCurrentUser(user: SessionUser): CurrentUser {
  const text = (value: boolean) => (value ? 'True' : 'False');
  return {
    userId: user.id,
    username: user.username,
    role: user.isAdmin ? 'Admin' : 'User',
    inventoryUser: text(hasFlag(user, 'inventoryUser')),
    orderUser: text(hasFlag(user, 'orderUser')),
    submissionUser: text(hasFlag(user, 'submissionUser')),
    debugMode: text(user.debugMode),
  };
}

export interface AccessTokenClaims {
  userId: number;
  familyId: string;
}

export function createAccessTokens(config: AppConfig) {
  const key = deriveKey(config.secretKey, 'access-token');
  return {
    async sign(claims: AccessTokenClaims): Promise<string> {
      return new SignJWT({ fam: claims.familyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(`${config.accessTokenMinutes}m`)
        .sign(key);
    },
    async verify(token: string): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.fam !== 'string') return null;
        return { userId, familyId: payload.fam };
      } catch {
        return null;
      }
    },
  };
}

async function loadSessionUser(db: DbOrTx, claims: AccessTokenClaims): Promise<SessionUser | null> {
  const row = await findSessionUserOfFamily(db, claims.userId, claims.familyId);
  return row ? { ...row, familyId: claims.familyId } : null;
}

export function registerSession(
  app: FastifyInstance,
  db: DbOrTx,
  tokens: ReturnType<typeof createAccessTokens>,
  clock: Clock,
) {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenClaims', null);
  app.decorateRequest('apiToken', null);

  // One hook, before the body is read (Fastify parses bodies after onRequest): a request without the right
  // session is refused before a single byte of its upload is taken.
  app.addHook('onRequest', async (request) => {
    const apiToken = bearerApiToken(request);
    if (apiToken !== null && !request.is404 && !ignoresApiTokens(request)) {
      // The token alone decides who is calling; a session cookie sent along is not read.
      assertApiTokenAccepted(request);
      const caller = await authenticateApiToken(db, clock, apiToken);
      request.user = caller.user;
      request.apiToken = caller.apiToken;
      assertApiTokenScope(request, caller.apiToken);
      enforceRouteAccess(request);
      return;
    }
    const token = request.cookies[COOKIE_NAMES.accessToken];
    if (token) {
      const claims = await tokens.verify(token);
      if (claims && request.routeOptions.config.access === 'signed-in token') request.tokenClaims = claims;
      else if (claims) request.user = await loadSessionUser(db, claims);
    }
    enforceRouteAccess(request);
  });
}

/** The public routes outside /auth (health, readiness, metrics with its own bearer) never look at API tokens. */
function ignoresApiTokens(request: FastifyRequest): boolean {
  return request.routeOptions.config.access === 'public' && !request.routeOptions.url?.startsWith('/auth/');
}

/** Whether `Authorization: Bearer iot_…` may call the route at all (the API reference lists it too). */
export function acceptsApiToken(url: string, access: RouteAccess | undefined): boolean {
  return (
    url.startsWith('/api/') &&
    !API_TOKEN_REFUSED_PREFIXES.some((prefix) => url.startsWith(prefix)) &&
    access !== 'signed-in token' &&
    access !== 'public'
  );
}

function assertApiTokenAccepted(request: FastifyRequest) {
  if (!acceptsApiToken(request.routeOptions.url ?? '', request.routeOptions.config.access)) {
    throw new AppError(
      403,
      'API_TOKEN_NOT_ACCEPTED',
      'API tokens are not accepted here: sign-in, account, user and token management need a signed-in session.',
    );
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function assertApiTokenScope(request: FastifyRequest, apiToken: ApiTokenCaller) {
  if (apiToken.scope === 'read-write') return;
  if (READ_METHODS.has(request.method) || request.routeOptions.config.readOnly === true) return;
  throw new AppError(
    403,
    'API_TOKEN_READ_ONLY',
    'This API token is read-only: this call changes data and needs a read-write token.',
  );
}

/** The route's declared `config.access` against the signed-in user; throws 401 or 403. */
function enforceRouteAccess(request: FastifyRequest) {
  // Unknown paths answer 404 (or the web app's index page) to everyone.
  if (request.is404) return;
  const access = request.routeOptions.config.access ?? 'user';
  if (access === 'public') return;
  if (access === 'signed-in token') {
    if (!request.tokenClaims) throw AppError.unauthorized();
    return;
  }
  const user = request.user;
  if (!user) throw AppError.unauthorized();
  if (access === 'user') return;
  if (access === 'admin') {
    if (!user.isAdmin) throw AppError.forbidden('Administrator rights are required');
    return;
  }
  if (!access.anyFlag.some((flag) => hasFlag(user, flag))) {
    throw AppError.forbidden('Your account does not have access to this feature');
  }
}

export function setSessionCookies(
  reply: FastifyReply,
  config: AppConfig,
  values: { accessToken: string; refreshToken: string; username: string },
) {
  const base = { sameSite: 'lax' as const, secure: config.secureCookies };
  reply.setCookie(COOKIE_NAMES.accessToken, values.accessToken, {
    ...base,
    httpOnly: true,
    path: '/',
    maxAge: config.accessTokenMinutes * 60,
  });
  reply.setCookie(COOKIE_NAMES.refreshToken, values.refreshToken, {
    ...base,
    httpOnly: true,
    path: '/auth',
    maxAge: config.refreshTokenDays * 86_400,
  });
  // Readable by the client on purpose: the spec's client identifies the current user by it.
  reply.setCookie(COOKIE_NAMES.username, values.username, {
    ...base,
    httpOnly: false,
    path: '/',
    maxAge: config.refreshTokenDays * 86_400,
  });
}

export function clearSessionCookies(reply: FastifyReply, config: AppConfig) {
  const base = { sameSite: 'lax' as const, secure: config.secureCookies };
  reply.clearCookie(COOKIE_NAMES.accessToken, { ...base, path: '/' });
  reply.clearCookie(COOKIE_NAMES.refreshToken, { ...base, path: '/auth' });
  reply.clearCookie(COOKIE_NAMES.username, { ...base, path: '/' });
}
