import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose value must never reach a log: reset and set-password links carry their token in
 * the fragment (never sent to the server), but an old `?token=` link, or any client putting a token in the
 * query, would otherwise be written to the request log. The mailbox sign-in callback brings an OAuth
 * authorization `code` and its `state` in the query.
 */
const SECRET_PARAMETER = /token|secret|password|^code$|^state$/i;

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const parameters = url
    .slice(queryStart + 1)
    .split('&')
    .map((parameter) => {
      const name = parameter.split('=', 1)[0] ?? '';
      return SECRET_PARAMETER.test(safeDecode(name)) ? `${name}=[redacted]` : parameter;
    });
  return `${url.slice(0, queryStart + 1)}${parameters.join('&')}`;
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
