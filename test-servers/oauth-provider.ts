/**
 * A small OAuth 2.0 / OpenID Connect authorization server on a loopback port, for the mailbox sign-in tests
 * (docs/behaviour/sources.md#mailbox-sign-in). It answers at Microsoft's paths (`/{tenant}/oauth2/v2.0/…`,
 * `/{tenant}/v2.0/.well-known/openid-configuration`) and at Google's (`/o/oauth2/v2/auth`, `/token`):
 *
 * - authorize: consents at once for the account chosen with `signInAs`, redirects back with a code;
 * - token: authorization_code (PKCE S256 checked), refresh_token (rotated: the old one is refused from then
 *   on), client_credentials (app-only, for the client's `appMailbox`);
 * - revocation, a switch that refuses every refresh token (`refuseRefreshTokens`) or answers refreshes with
 *   another OAuth error (`failRefreshWith`), expiry on demand, token answers held back (`holdTokens`);
 * - Microsoft's rule that a refresh names its `scope`;
 * - wrong ID tokens on demand (`idTokenFault`), to prove the client checks them;
 * - introspection (RFC 7662), which Dovecot's oauth2 passdb and the SMTP catcher ask, so a wrong or expired
 *   token fails at the mail server itself;
 * - JWKS and ID tokens signed with a key made at start (RS256).
 *
 * With `tls: true` it serves https with a self-signed certificate (`certificate`), for MSAL, which refuses
 * an http authority.
 */

import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

export interface OAuthTestClient {
  clientId: string;
  clientSecret: string;
  /** The mailbox an app-only (client-credentials) token of this client may open. */
  appMailbox?: string;
}

export interface IssuedToken {
  token: string;
  clientId: string;
  /** The mailbox address the token is for. */
  email: string;
  expiresAt: number;
}

export interface GrantCounts {
  authorizationCode: number;
  refreshToken: number;
  clientCredentials: number;
  refused: number;
}

export interface OAuthProvider {
  /** http(s)://127.0.0.1:port: MICROSOFT_OAUTH_AUTHORITY. */
  url: string;
  /** Google's endpoints on this server. */
  google: { authUrl: string; tokenUrl: string; jwksUrl: string; issuer: string };
  introspectionUrl: string;
  /** PEM of the self-signed certificate when `tls` is on. */
  certificate: string | undefined;
  /** Who consents at the next authorize (default: the first account). */
  signInAs(email: string): void;
  /** On: every refresh token is refused with invalid_grant (consent revoked, password reset). */
  refuseRefreshTokens(on: boolean): void;
  /** Makes every access token issued so far expired. */
  expireAccessTokens(): void;
  /** Whether the token is a live access token, and for whom. */
  introspect(token: string): IssuedToken | undefined;
  /** Whether the refresh token would still be accepted. */
  refreshTokenActive(token: string): boolean;
  counts: GrantCounts;
  /** Every refresh token handed out, oldest first. */
  refreshTokensIssued: string[];
  /** Holds every token answer back until the returned function is called (a slow provider). */
  holdTokens(): () => void;
  /** The next ID tokens are wrong in this way (undefined: correct again), to prove the client checks them. */
  idTokenFault(fault: IdTokenFault | undefined): void;
  /** Microsoft's ID tokens carry this `email` claim (an alias) besides `preferred_username` (undefined: the same). */
  idTokenEmailClaim(email: string | undefined): void;
  /** How many token requests are being held right now. */
  heldTokenRequests(): number;
  /** Every refresh is answered with this OAuth error (400, or 401 for invalid_client) until undefined. */
  failRefreshWith(error: string | undefined): void;
  close(): Promise<void>;
}

export type IdTokenFault =
  | 'wrong-key'
  | 'wrong-issuer'
  | 'wrong-audience'
  | 'expired'
  | 'no-issued-at'
  | 'wrong-nonce'
  | 'alg-none'
  | 'hs256'
  | 'email-unverified';

interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  email: string;
  nonce: string | undefined;
  scope: string;
  issuer: string;
}

const HOST = '127.0.0.1';
const TEST_TENANT_ID = '9188040d-6c67-4c5b-b112-36a304b66dad';

export async function startOAuthProvider(options: {
  clients: OAuthTestClient[];
  accounts: string[];
  /** Lifetime of access tokens (default 3600 s). */
  accessTokenSeconds?: number;
  tls?: boolean;
  /** Default: any free port (the browser tests need a fixed one: the server's environment names it). */
  port?: number;
}): Promise<OAuthProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  let account = options.accounts[0] ?? '';
  let refuseRefresh = false;
  let refreshError: string | undefined;
  let fault: IdTokenFault | undefined;
  let emailClaim: string | undefined;
  const otherKey = (await generateKeyPair('RS256')).privateKey;
  let held: Array<() => void> | undefined;
  const codes = new Map<string, AuthorizationCode>();
  const accessTokens = new Map<string, IssuedToken>();
  const refreshTokens = new Map<string, { clientId: string; email: string; scope: string; issuer: string }>();
  const refreshTokensIssued: string[] = [];
  const counts: GrantCounts = { authorizationCode: 0, refreshToken: 0, clientCredentials: 0, refused: 0 };
  const lifetime = options.accessTokenSeconds ?? 3600;
  const tls = options.tls ? selfSignedCertificate() : undefined;
  let base = '';

  const clientOf = (id: string | undefined) => options.clients.find((c) => c.clientId === id);
  const issue = (clientId: string, email: string) => {
    const token = `at-${randomBytes(24).toString('base64url')}`;
    const issued = { token, clientId, email, expiresAt: Date.now() + lifetime * 1000 };
    accessTokens.set(token, issued);
    return issued;
  };
  const idToken = async (clientId: string, email: string, issuer: string, nonce: string | undefined) => {
    const google = issuer.endsWith('/google');
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      ...(google
        ? { email, email_verified: fault !== 'email-unverified' }
        : { email: emailClaim ?? email, preferred_username: email, tid: TEST_TENANT_ID }),
      ...(nonce ? { nonce: fault === 'wrong-nonce' ? `${nonce}x` : nonce } : {}),
    };
    if (fault === 'alg-none') {
      const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, iss: issuer, aud: clientId, iat: now, exp: now + 3600 })}.`;
    }
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: fault === 'hs256' ? 'HS256' : 'RS256', kid: jwk.kid as string, typ: 'JWT' })
      .setIssuer(fault === 'wrong-issuer' ? `${issuer}-elsewhere` : issuer)
      .setAudience(fault === 'wrong-audience' ? 'another-client' : clientId)
      .setSubject(createHash('sha256').update(email).digest('hex').slice(0, 24))
      .setExpirationTime(fault === 'expired' ? now - 600 : now + 3600);
    if (fault !== 'no-issued-at') jwt.setIssuedAt(fault === 'expired' ? now - 4200 : now);
    if (fault === 'hs256')
      return jwt.sign(new TextEncoder().encode(options.clients[0]?.clientSecret.padEnd(32, '-')));
    return jwt.sign(fault === 'wrong-key' ? otherKey : privateKey);
  };

  const handler = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', base);
    const body = request.method === 'POST' ? new URLSearchParams(await readBody(request)) : undefined;
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(json));
    };
    const microsoft = /^\/([^/]+)\/(v2\.0|oauth2\/v2\.0|discovery\/v2\.0)\/(.+)$/.exec(url.pathname);
    const tenant = microsoft?.[1];
    const issuerOf = (tenantName: string | undefined) =>
      tenantName === undefined ? `${base}/google` : `${base}/${TEST_TENANT_ID}/v2.0`;
    const action = microsoft ? microsoft[3] : url.pathname;

    if (action === '.well-known/openid-configuration') {
      // Microsoft's multi-tenant metadata names the issuer with a placeholder for the tenant of the token.
      const multiTenant = tenant === 'organizations' || tenant === 'common';
      return send(200, {
        issuer: multiTenant ? `${base}/{tenantid}/v2.0` : issuerOf(tenant),
        authorization_endpoint: `${base}/${tenant}/oauth2/v2.0/authorize`,
        token_endpoint: `${base}/${tenant}/oauth2/v2.0/token`,
        jwks_uri: `${base}/${tenant}/discovery/v2.0/keys`,
        response_types_supported: ['code'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
        scopes_supported: ['openid', 'email', 'profile', 'offline_access'],
        claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'email', 'preferred_username', 'tid'],
      });
    }
    if (action === 'keys' || url.pathname === '/google/certs') return send(200, { keys: [jwk] });
    if (action === 'authorize' || url.pathname === '/o/oauth2/v2/auth') {
      const params = url.searchParams;
      const client = clientOf(params.get('client_id') ?? undefined);
      const redirectUri = params.get('redirect_uri') ?? '';
      if (!client || !redirectUri) return send(400, { error: 'invalid_request' });
      if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge'))
        return send(400, { error: 'invalid_request', error_description: 'PKCE S256 is required' });
      const code = `code-${randomBytes(16).toString('base64url')}`;
      codes.set(code, {
        clientId: client.clientId,
        redirectUri,
        challenge: params.get('code_challenge') ?? '',
        email: account,
        nonce: params.get('nonce') ?? undefined,
        scope: params.get('scope') ?? '',
        issuer: issuerOf(tenant),
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', params.get('state') ?? '');
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    if ((action === 'token' || url.pathname === '/token') && body) {
      if (held) await new Promise<void>((resolve) => held?.push(resolve));
      const client = clientOf(body.get('client_id') ?? basicClientId(request));
      const secret = body.get('client_secret') ?? basicSecret(request);
      if (!client || client.clientSecret !== secret) {
        counts.refused += 1;
        return send(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      }
      const grant = body.get('grant_type');
      if (grant === 'authorization_code') {
        const code = codes.get(body.get('code') ?? '');
        codes.delete(body.get('code') ?? '');
        const verifier = body.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (
          !code ||
          code.clientId !== client.clientId ||
          code.redirectUri !== body.get('redirect_uri') ||
          code.challenge !== challenge
        ) {
          counts.refused += 1;
          return send(400, {
            error: 'invalid_grant',
            error_description: 'The code or its verifier is wrong',
          });
        }
        counts.authorizationCode += 1;
        const refresh = `rt-${randomBytes(24).toString('base64url')}`;
        refreshTokensIssued.push(refresh);
        refreshTokens.set(refresh, {
          clientId: client.clientId,
          email: code.email,
          scope: code.scope,
          issuer: code.issuer,
        });
        const access = issue(client.clientId, code.email);
        return send(200, {
          token_type: 'Bearer',
          access_token: access.token,
          expires_in: lifetime,
          refresh_token: refresh,
          scope: code.scope,
          id_token: await idToken(client.clientId, code.email, code.issuer, code.nonce),
        });
      }
      if (grant === 'refresh_token') {
        // Microsoft's v2 endpoint: a refresh names the scopes it wants (a subset of the consented ones).
        if (tenant !== undefined && !body.get('scope')) {
          counts.refused += 1;
          return send(400, {
            error: 'invalid_request',
            error_description: "AADSTS90014: The required field 'scope' is missing.",
          });
        }
        if (refreshError) {
          counts.refused += 1;
          return send(refreshError === 'invalid_client' ? 401 : 400, {
            error: refreshError,
            error_description: `Test provider: ${refreshError}`,
          });
        }
        const presented = body.get('refresh_token') ?? '';
        const stored = refreshTokens.get(presented);
        if (!stored || stored.clientId !== client.clientId || refuseRefresh) {
          counts.refused += 1;
          return send(400, {
            error: 'invalid_grant',
            error_description: 'AADSTS70008: The refresh token has expired or was revoked.',
          });
        }
        counts.refreshToken += 1;
        // Rotation: the presented token is spent, a new one replaces it.
        refreshTokens.delete(presented);
        const refresh = `rt-${randomBytes(24).toString('base64url')}`;
        refreshTokensIssued.push(refresh);
        refreshTokens.set(refresh, stored);
        const access = issue(client.clientId, stored.email);
        return send(200, {
          token_type: 'Bearer',
          access_token: access.token,
          expires_in: lifetime,
          refresh_token: refresh,
          scope: stored.scope,
        });
      }
      if (grant === 'client_credentials') {
        if (!client.appMailbox) return send(400, { error: 'unauthorized_client' });
        counts.clientCredentials += 1;
        const access = issue(client.clientId, client.appMailbox);
        return send(200, { token_type: 'Bearer', access_token: access.token, expires_in: lifetime });
      }
      return send(400, { error: 'unsupported_grant_type' });
    }
    if (url.pathname === '/revoke' && body) {
      const token = body.get('token') ?? '';
      refreshTokens.delete(token);
      accessTokens.delete(token);
      response.writeHead(200);
      return response.end();
    }
    if (url.pathname === '/introspect' && body) {
      const found = liveAccessToken(body.get('token') ?? '');
      if (!found) return send(200, { active: false });
      return send(200, { active: true, username: found.email, client_id: found.clientId });
    }
    send(404, { error: 'not_found' });
  };
  const liveAccessToken = (token: string) => {
    const found = accessTokens.get(token);
    return found && found.expiresAt > Date.now() ? found : undefined;
  };

  const listener = (request: IncomingMessage, response: ServerResponse) => {
    handler(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  };
  const server = tls
    ? createHttpsServer({ key: tls.key, cert: tls.cert }, listener)
    : createHttpServer(listener);
  // With TLS, introspection is also served in plain http for Dovecot and the SMTP catcher, which do not
  // trust the test certificate.
  const plain = tls ? createHttpServer(listener) : server;
  const servers = tls ? [server, plain] : [server];
  for (const [index, each] of servers.entries()) {
    await new Promise<void>((resolve, reject) => {
      each.once('error', reject);
      each.listen(index === 0 ? (options.port ?? 0) : 0, HOST, resolve);
    });
  }
  const { port } = server.address() as AddressInfo;
  const { port: plainPort } = plain.address() as AddressInfo;
  base = `${tls ? 'https' : 'http'}://${HOST}:${port}`;
  return {
    url: base,
    google: {
      authUrl: `${base}/o/oauth2/v2/auth`,
      tokenUrl: `${base}/token`,
      jwksUrl: `${base}/google/certs`,
      issuer: `${base}/google`,
    },
    introspectionUrl: `http://${HOST}:${plainPort}/introspect`,
    certificate: tls?.cert,
    signInAs(email) {
      account = email;
    },
    refuseRefreshTokens(on) {
      refuseRefresh = on;
    },
    expireAccessTokens() {
      for (const token of accessTokens.values()) token.expiresAt = 0;
    },
    introspect: liveAccessToken,
    refreshTokenActive: (token) => !refuseRefresh && refreshTokens.has(token),
    counts,
    holdTokens() {
      const waiting: Array<() => void> = [];
      held = waiting;
      return () => {
        held = undefined;
        for (const release of waiting.splice(0)) release();
      };
    },
    heldTokenRequests: () => held?.length ?? 0,
    idTokenFault(next) {
      fault = next;
    },
    idTokenEmailClaim(email) {
      emailClaim = email;
    },
    failRefreshWith(error) {
      refreshError = error;
    },
    refreshTokensIssued,
    close: async () => {
      for (const each of servers) {
        await new Promise<void>((resolve) => {
          each.closeAllConnections();
          each.close(() => resolve());
        });
      }
    },
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function basicCredentials(request: IncomingMessage): [string, string] | undefined {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return undefined;
  const [id = '', secret = ''] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  return [decodeURIComponent(id), decodeURIComponent(secret)];
}
const basicClientId = (request: IncomingMessage) => basicCredentials(request)?.[0];
const basicSecret = (request: IncomingMessage) => basicCredentials(request)?.[1];

/** A certificate for 127.0.0.1 made by openssl, valid for a day. */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'oauth-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
