import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GuardProxy, publicTargets, startGuardProxy } from './guard-proxy';

/** Sends raw bytes to the proxy and collects everything it answers until it closes or goes quiet. */
function exchange(proxyPort: number, ...messages: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(proxyPort, '127.0.0.1');
    let answer = '';
    let quiet: NodeJS.Timeout | undefined;
    const finish = () => {
      socket.destroy();
      resolve(answer);
    };
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      // The tunnel is open: send the request meant for the far side.
      if (answer.startsWith('HTTP/1.1 200') && messages.length > 0) socket.write(messages.shift()!);
      clearTimeout(quiet);
      quiet = setTimeout(finish, 300);
    });
    socket.on('end', finish);
    socket.on('error', reject);
    socket.write(messages.shift()!);
  });
}

describe('the guard proxy', () => {
  let site: Server;
  let sitePort: number;
  let internal: Server;
  let internalPort: number;
  const internalHits: string[] = [];
  let proxy: GuardProxy;
  let proxyPort: number;

  beforeAll(async () => {
    site = createServer((_request, response) => response.end('site answer'));
    internal = createServer((request, response) => {
      internalHits.push(request.url ?? '');
      response.end('internal answer');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    sitePort = (site.address() as AddressInfo).port;
    internalPort = (internal.address() as AddressInfo).port;
    proxy = await startGuardProxy(async (_hostname, port) =>
      port === internalPort ? { blocked: '127.0.0.1' } : { address: '127.0.0.1' },
    );
    proxyPort = Number(new URL(proxy.server).port);
  });
  afterAll(async () => {
    await proxy.close();
    site.close();
    internal.close();
  });

  it('forwards a plain HTTP request to an allowed host and refuses a private one with 403', async () => {
    const allowed = await exchange(
      proxyPort,
      `GET http://127.0.0.1:${sitePort}/page HTTP/1.1\r\nHost: 127.0.0.1:${sitePort}\r\nConnection: close\r\n\r\n`,
    );
    expect(allowed).toMatch(/^HTTP\/1\.1 200/);
    expect(allowed).toContain('site answer');
    const refused = await exchange(
      proxyPort,
      `GET http://127.0.0.1:${internalPort}/secret HTTP/1.1\r\nHost: 127.0.0.1:${internalPort}\r\nConnection: close\r\n\r\n`,
    );
    expect(refused).toMatch(/^HTTP\/1\.1 403/);
    expect(internalHits).toEqual([]);
  });

  it('opens a CONNECT tunnel (HTTPS, WebSockets) to an allowed host only', async () => {
    const tunnelled = await exchange(
      proxyPort,
      `CONNECT 127.0.0.1:${sitePort} HTTP/1.1\r\nHost: 127.0.0.1:${sitePort}\r\n\r\n`,
      `GET /through HTTP/1.1\r\nHost: 127.0.0.1:${sitePort}\r\nConnection: close\r\n\r\n`,
    );
    expect(tunnelled).toMatch(/^HTTP\/1\.1 200 Connection Established/);
    expect(tunnelled).toContain('site answer');
    const refused = await exchange(
      proxyPort,
      `CONNECT 127.0.0.1:${internalPort} HTTP/1.1\r\nHost: 127.0.0.1:${internalPort}\r\n\r\n`,
    );
    expect(refused).toMatch(/^HTTP\/1\.1 403/);
    expect(internalHits).toEqual([]);
    expect(proxy.blocked).toEqual([`127.0.0.1:${internalPort} (127.0.0.1)`]);
  });

  it('by default takes IP literals as they are: loopback and private ranges are refused, public ones allowed', async () => {
    expect(await publicTargets('127.0.0.1', 80)).toEqual({ blocked: '127.0.0.1' });
    expect(await publicTargets('[::1]', 443)).toEqual({ blocked: '::1' });
    expect(await publicTargets('169.254.169.254', 80)).toEqual({ blocked: '169.254.169.254' });
    expect(await publicTargets('93.184.216.34', 443)).toEqual({ address: '93.184.216.34' });
    // A name that resolves to loopback is refused by its answer, not by its spelling.
    expect(await publicTargets('localhost', 80)).toMatchObject({
      blocked: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
    });
  });

  it('with its default rules refuses every spelling of loopback, for plain requests and tunnels', async () => {
    const guarded = await startGuardProxy();
    const guardedPort = Number(new URL(guarded.server).port);
    // Listening on `::` the server takes loopback over IPv4 and IPv6: each spelling would reach it.
    const hits: string[] = [];
    const dualStack = createServer((request, response) => {
      hits.push(request.url ?? '');
      response.end('internal answer');
    });
    await new Promise<void>((resolve) => dualStack.listen(0, '::', resolve));
    const port = (dualStack.address() as AddressInfo).port;
    const hosts = [
      '[::ffff:127.0.0.1]',
      '[0:0:0:0:0:ffff:7f00:1]',
      '[::ffff:7f00:1]',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '127.1',
      '0.0.0.0',
      '[::]',
      '[::1]',
    ];
    try {
      for (const host of hosts) {
        const plain = await exchange(
          guardedPort,
          `GET http://${host}:${port}/secret HTTP/1.1\r\nHost: ${host}:${port}\r\nConnection: close\r\n\r\n`,
        );
        expect(plain, host).toMatch(/^HTTP\/1\.1 403/);
        const tunnel = await exchange(
          guardedPort,
          `CONNECT ${host}:${port} HTTP/1.1\r\nHost: ${host}:${port}\r\n\r\n`,
        );
        expect(tunnel, host).toMatch(/^HTTP\/1\.1 403/);
      }
    } finally {
      await guarded.close();
      dualStack.close();
    }
    expect(hits).toEqual([]);
    expect(guarded.blocked).toContain(`[::ffff:7f00:1]:${port} (127.0.0.1)`);
  });
});
