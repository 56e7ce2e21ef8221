import type { FastifyRequest } from 'fastify';

/**
 * Keeps credentials out of the logs (docs/design/security.md#tokens-in-logs), two ways:
 * - by name: query parameters whose name says token, secret or password (an old `?token=` reset link);
 * - by shape: any value that looks like one of our credentials, whatever its name or wherever it sits (a
 *   URL's path or query, a header, a message): API tokens (`iot_…`), session access tokens (JWTs) and the
 *   32-byte random tokens of refresh cookies and password links. Every log line passes the shape check on
 *   its way out (loggerOptions' streamWrite hook), so a token logged by mistake anywhere is still cut.
 * The mailbox sign-in callback brings an OAuth authorization `code` and its `state` in the query: redacted
 * by name.
 */
const SECRET_PARAMETER = /token|secret|password|^code$|^state$/i;

export const REDACTED = '[redacted]';

/**
 * An API token keeps its public id (`iot_<12 hex>_[redacted]`), which names the token in the token list
 * without being usable; anything else that starts `iot_` and runs on like a token is cut whole.
 */
const API_TOKEN_SHAPE = /iot_(?:([0-9a-f]{12})_)?[A-Za-z0-9_-]{8,}/g;
/** A JWT: three base64url parts, the first a JSON header (`{"` is `eyJ`). */
const JWT_SHAPE = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;
/** 32 random bytes in base64url (refresh tokens, password links): exactly 43 characters, standing alone. */
const RANDOM_TOKEN_SHAPE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

/** `text` with every credential-shaped value replaced by [redacted]. */
export function redactCredentials(text: string): string {
  if (!text.includes('iot_') && !text.includes('eyJ') && text.length < 43) return text;
  return text
    .replace(API_TOKEN_SHAPE, (_match, publicId: string | undefined) =>
      publicId ? `iot_${publicId}_${REDACTED}` : `iot_${REDACTED}`,
    )
    .replace(JWT_SHAPE, REDACTED)
    .replace(RANDOM_TOKEN_SHAPE, REDACTED);
}

/** Whether a URL part holds a credential, also once percent-decoded (`iot%5F…`). */
function holdsCredential(part: string): boolean {
  return redactCredentials(part) !== part || redactCredentials(safeDecode(part)) !== safeDecode(part);
}

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const pathPart = queryStart < 0 ? url : url.slice(0, queryStart);
  const path = pathPart
    .split('/')
    .map((segment) => (holdsCredential(segment) ? REDACTED : segment))
    .join('/');
  if (queryStart < 0) return path;
  const parameters = url
    .slice(queryStart + 1)
    .split('&')
    .map((parameter) => {
      const name = parameter.split('=', 1)[0] ?? '';
      const secretName = SECRET_PARAMETER.test(safeDecode(name));
      return secretName || holdsCredential(parameter) ? `${name}=${REDACTED}` : parameter;
    });
  return `${path}?${parameters.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Fastify's own request serializer, with the URL redacted. */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      version: [request.headers?.['accept-version']].flat()[0],
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
