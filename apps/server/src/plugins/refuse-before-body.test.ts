import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../test/helper';

/**
 * A refused request is answered from its headers: the session and the route's access are checked before
 * Fastify reads the body, and the connection is closed after the answer, so the rest of the body is never
 * read. Measured on a real socket: the bytes the server took from it.
 */

const MB = 1024 * 1024;
const BODY_BYTES = 20 * MB;
const ORIGIN = 'http://localhost:3000';

let t: TestApp;
let port: number;
const serverSockets: Socket[] = [];
let orderUser: Session;
let inventoryUser: Session;

beforeAll(async () => {
  t = await createTestApp();
  orderUser = (await t.signIn({ orderUser: true })).session;
  inventoryUser = (await t.signIn({ inventoryUser: true })).session;
  t.app.server.on('connection', (socket: Socket) => serverSockets.push(socket));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

interface Outcome {
  status: number;
  body: string;
  /** Bytes the client managed to hand to its socket before the server ended the exchange. */
  bytesSent: number;
  /** Bytes the server read from the connection: headers and whatever part of the body it took. */
  bytesRead: number;
  closedByServer: boolean;
}

/**
 * Sends `total` body bytes as fast as the connection takes them (chunked when no length is declared), until
 * the server answers and closes the connection or everything is sent and answered.
 */
function sendLargeBody(options: {
  path: string;
  headers: Record<string, string>;
  total: number;
  chunked?: boolean;
}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const before = serverSockets.length;
    const socket = connect(port, '127.0.0.1');
    const head = [
      `POST ${options.path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Origin: ${ORIGIN}`,
      ...Object.entries(options.headers).map(([name, value]) => `${name}: ${value}`),
      options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${options.total}`,
      '',
      '',
    ].join('\r\n');
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    let response = '';
    let closedByServer = false;
    let finished = false;

    const pump = () => {
      while (!finished && sent < options.total) {
        const size = Math.min(chunk.length, options.total - sent);
        const piece = options.chunked
          ? Buffer.concat([
              Buffer.from(`${size.toString(16)}\r\n`),
              chunk.subarray(0, size),
              Buffer.from('\r\n'),
            ])
          : chunk.subarray(0, size);
        sent += size;
        const more = socket.write(piece);
        if (sent >= options.total && options.chunked) socket.write('0\r\n\r\n');
        if (!more) {
          socket.once('drain', pump);
          return;
        }
      }
    };

    const finish = () => {
      if (finished) return;
      finished = true;
      const serverSocket = serverSockets[before];
      const [statusLine = '', ...rest] = response.split('\r\n');
      socket.destroy();
      resolve({
        status: Number(statusLine.split(' ')[1]),
        body: rest.join('\r\n').split('\r\n\r\n').slice(1).join('\r\n\r\n'),
        bytesSent: sent,
        bytesRead: serverSocket?.bytesRead ?? Number.NaN,
        closedByServer,
      });
    };

    socket.on('connect', () => {
      socket.write(head);
      pump();
    });
    socket.on('data', (data) => {
      response += data.toString('latin1');
      // Kept alive after everything was sent: the answer is complete once its body has arrived.
      const length = /content-length: (\d+)/i.exec(response)?.[1];
      const bodyStart = response.indexOf('\r\n\r\n');
      if (
        sent >= options.total &&
        length &&
        bodyStart >= 0 &&
        response.length >= bodyStart + 4 + Number(length)
      )
        finish();
    });
    socket.on('end', () => {
      closedByServer = true;
      finish();
    });
    socket.on('close', finish);
    // The server closing while we still write gives EPIPE/ECONNRESET: that is the point.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
        closedByServer = true;
        finish();
      } else reject(error);
    });
  });
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const UPLOAD_TYPE = { 'Content-Type': 'multipart/form-data; boundary=x' };

describe('a request refused by its headers is not read', () => {
  // Each sends 20 MB as fast as the connection takes it; the server reads its headers and a few kilobytes.
  const cases: Array<[string, () => Parameters<typeof sendLargeBody>[0], number, string]> = [
    [
      // The vendor preview route takes bodies of up to 30 MB, so 20 MB is within its limit.
      'an unauthenticated 20 MB JSON body',
      () => ({ path: '/api/order-submission/vendor/preview', headers: JSON_TYPE, total: BODY_BYTES }),
      401,
      'UNAUTHORIZED',
    ],
    [
      'an unauthenticated 20 MB upload',
      () => ({ path: '/api/inventory-sources/manually-process', headers: UPLOAD_TYPE, total: BODY_BYTES }),
      401,
      'UNAUTHORIZED',
    ],
    [
      'an unauthenticated chunked body, whose length nobody declared',
      () => ({ path: '/api/email-sources/email/save', headers: JSON_TYPE, total: BODY_BYTES, chunked: true }),
      401,
      'UNAUTHORIZED',
    ],
    [
      'an upload by a signed-in user without the route’s flag',
      () => ({
        path: '/api/inventory-sources/manually-process',
        headers: { ...UPLOAD_TYPE, Cookie: orderUser.headers.cookie },
        total: BODY_BYTES,
      }),
      403,
      'FORBIDDEN',
    ],
    [
      // The route limits stay: the body is declared over the limit (15 MB) of a route the user may call.
      'a signed-in body declared over the route’s limit',
      () => ({
        path: '/api/inventory-sources/inventory/save',
        headers: { ...JSON_TYPE, Cookie: inventoryUser.headers.cookie },
        total: BODY_BYTES,
      }),
      413,
      'FST_ERR_CTP_BODY_TOO_LARGE',
    ],
  ];

  it.each(cases)(
    'refuses %s, then closes the connection, having read almost none of it',
    async (_name, request, status, code) => {
      const outcome = await sendLargeBody(request());
      expect(outcome.status).toBe(status);
      expect(outcome.body).toContain(`"code":"${code}"`);
      expect(outcome.closedByServer).toBe(true);
      expect(outcome.bytesRead).toBeLessThan(2 * MB);
    },
  );

  it('reads an allowed request in full and keeps the connection open', async () => {
    const outcome = await sendLargeBody({
      path: '/api/inventory-sources/inventory/save',
      headers: { 'Content-Type': 'application/json', Cookie: inventoryUser.headers.cookie },
      total: 2 * MB,
    });
    // Two megabytes of "a" are not JSON: read in full, then refused by the parser, on a live connection.
    expect(outcome.status).toBe(400);
    expect(outcome.closedByServer).toBe(false);
    expect(outcome.bytesRead).toBeGreaterThan(2 * MB);
  });
});
