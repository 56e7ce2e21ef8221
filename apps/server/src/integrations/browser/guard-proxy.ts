/**
 * The address rule of address-guard.ts, applied to everything Chromium does for an order page: the page is
 * the vendor's (or whoever sent the e-mail) to write, so its images, scripts, fetches, every redirect hop
 * and the downloads its buttons start could aim at the server's own network. Playwright's request routing
 * does not see redirect hops, so the browser context gets this proxy instead: a forward proxy on loopback
 * that resolves each host itself, refuses private addresses, and connects to the address it checked (a
 * second DNS answer cannot swap in another). HTTPS and WebSockets arrive as CONNECT tunnels and are
 * checked the same way.
 */
import { lookup } from 'node:dns/promises';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { ipLiteral, isPrivateAddress } from './address-guard';

/** Where to connect for a host, or why not. */
export type ResolvedTarget = { address: string } | { blocked: string };
export type TargetResolver = (hostname: string, port: number) => Promise<ResolvedTarget>;

export interface GuardProxy {
  /** For Playwright's `proxy.server`. */
  server: string;
  /** "host:port (address)" of each target refused so far. */
  blocked: string[];
  close(): Promise<void>;
}

/**
 * Public addresses only: an IP address in any spelling (`2130706433`, `[::ffff:127.0.0.1]`) as that address,
 * a name through DNS (every answer must be public). The answer is the address to connect to.
 */
export const publicTargets: TargetResolver = async (hostname) => {
  const literal = ipLiteral(hostname);
  if (literal) return isPrivateAddress(literal) ? { blocked: literal } : { address: literal };
  const host = hostname.replace(/^\[|\]$/g, '');
  const answers = await lookup(host, { all: true, verbatim: true });
  const privateAnswer = answers.find(({ address }) => isPrivateAddress(address));
  if (privateAnswer) return { blocked: privateAnswer.address };
  const first = answers[0];
  if (!first) throw new Error(`${host} has no address`);
  return { address: ipLiteral(first.address) ?? first.address };
};

export async function startGuardProxy(resolve: TargetResolver = publicTargets): Promise<GuardProxy> {
  const blocked: string[] = [];
  const sockets = new Set<Socket>();

  async function target(hostname: string, port: number): Promise<ResolvedTarget> {
    try {
      const resolved = await resolve(hostname, port);
      if ('blocked' in resolved) {
        const where = `${hostname}:${port} (${resolved.blocked})`;
        if (!blocked.includes(where)) blocked.push(where);
      }
      return resolved;
    } catch (error) {
      return { blocked: `not resolved: ${(error as Error).message}` };
    }
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void forward(request, response);
  });

  async function forward(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(request.url ?? '');
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (url.protocol !== 'http:') {
      response.writeHead(400).end();
      return;
    }
    const port = Number(url.port || 80);
    const resolved = await target(url.hostname, port);
    if ('blocked' in resolved) {
      response.writeHead(403, { 'content-type': 'text/plain' }).end('Blocked: private network address');
      return;
    }
    const headers = { ...request.headers };
    delete headers['proxy-connection'];
    delete headers['proxy-authorization'];
    const upstream = httpRequest(
      { host: resolved.address, port, method: request.method, path: `${url.pathname}${url.search}`, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  }

  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    void (async () => {
      const authority = request.url ?? '';
      const separator = authority.lastIndexOf(':');
      const hostname = authority.slice(0, separator);
      const port = Number(authority.slice(separator + 1));
      if (separator < 1 || !Number.isInteger(port) || port < 1 || port > 65_535) {
        client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
        return;
      }
      const resolved = await target(hostname, port);
      if ('blocked' in resolved) {
        client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      const upstream = connect(port, resolved.address, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => {
        if (client.writable) client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
        client.destroy();
      });
    })();
  });
  // A WebSocket upgrade sent to the proxy without CONNECT: nothing legitimate does that.
  server.on('upgrade', (_request, socket: Socket) => socket.destroy());
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    blocked,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
