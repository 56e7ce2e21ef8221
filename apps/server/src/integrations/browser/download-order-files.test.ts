import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_CONTENT_TYPE } from '../../modules/files/stored-files';
import { isPrivateAddress } from './address-guard';
import { closeBrowser } from './chromium';
import {
  type DownloadOrderFilesRequest,
  downloadOrderFiles,
  LinkDownloadError,
} from './download-order-files';
import { publicTargets, type TargetResolver } from './guard-proxy';

/** The test server is on loopback, which order links may reach only when the operator allows it. */
function downloadLocal(request: DownloadOrderFilesRequest) {
  return downloadOrderFiles({ allowPrivateAddresses: true, ...request });
}

// Random bodies behind real signatures: a byte-for-byte comparison catches any re-encoding on the way.
const spreadsheetBytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(20_000)]);
const pdfBytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(15_000), Buffer.from('\n%%EOF\n')]);
const csvBytes = Buffer.from('PO,Vendor,Qty\n1001,Acme,2\n');
const bigBytes = randomBytes(64 * 1024);

const orderPage = `<!doctype html>
<html><body>
  <h1>Your order</h1>
  <a href="/files/orders.xlsx">
    Download   Spreadsheet
  </a>
  <div id="later"></div>
  <script>
    setTimeout(() => {
      const button = document.createElement('button');
      button.textContent = 'Download PDF';
      button.addEventListener('click', () => { window.location.href = '/files/orders.pdf'; });
      document.getElementById('later').appendChild(button);
    }, 300);
  </script>
</body></html>`;

const pageCookies: string[] = [];

function startServer(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const html = (body: string) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    switch (path) {
      case '/order':
        // The plain HTTP probe that comes first sends no cookies anyway; the browser's visits are the ones to check.
        if (request.headers['user-agent']?.includes('Chrome')) pageCookies.push(request.headers.cookie ?? '');
        response.setHeader('set-cookie', 'session=from-order-page; Path=/');
        return html(orderPage);
      case '/files/orders.xlsx':
        response.writeHead(200, {
          'content-type': XLSX_CONTENT_TYPE,
          'content-disposition': 'attachment; filename="orders.xlsx"',
        });
        return response.end(spreadsheetBytes);
      case '/files/orders.pdf':
        // No file name from the server: the configured name must be used.
        response.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': 'attachment' });
        return response.end(pdfBytes);
      case '/files/direct.xlsx':
        response.writeHead(200, { 'content-type': XLSX_CONTENT_TYPE });
        return response.end(spreadsheetBytes);
      case '/files/direct-pdf':
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        return response.end(pdfBytes);
      case '/files/big.xlsx':
        response.writeHead(200, { 'content-type': XLSX_CONTENT_TYPE });
        return response.end(bigBytes);
      case '/files/big-declared':
        response.writeHead(200, {
          'content-type': XLSX_CONTENT_TYPE,
          'content-length': String(bigBytes.length),
          'content-disposition': 'attachment; filename="big.xlsx"',
        });
        return response.end(bigBytes);
      case '/files/big-chunked':
        response.writeHead(200, { 'content-type': XLSX_CONTENT_TYPE, 'content-disposition': 'attachment' });
        response.write(bigBytes.subarray(0, 1000));
        return response.end(bigBytes.subarray(1000));
      case '/files/compressed.xlsx': {
        // Sent compressed whatever was asked, the way some servers do.
        const coding = new URL(request.url ?? '/', 'http://localhost').searchParams.get('coding') ?? 'gzip';
        const encode = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync }[coding]!;
        response.writeHead(200, { 'content-type': XLSX_CONTENT_TYPE, 'content-encoding': coding });
        return response.end(encode(spreadsheetBytes));
      }
      case '/files/odd-encoding':
        response.writeHead(200, {
          'content-type': XLSX_CONTENT_TYPE,
          'content-encoding': 'zstd-of-the-future',
        });
        return response.end(spreadsheetBytes);
      case '/files/export.csv':
        response.writeHead(200, {
          'content-type': 'text/csv',
          'content-disposition':
            'attachment; filename="fallback.csv"; filename*=UTF-8\'\'Bestellung%20M%C3%A4rz.csv',
        });
        return response.end(csvBytes);
      case '/form-page':
        return html(
          `<form action="/files/export.csv" method="get"><input type="submit" value=" Export   CSV "></form>`,
        );
      case '/popup-page':
        return html('<a href="/files/orders.xlsx" target="_blank">Download Spreadsheet</a>');
      case '/big-page':
        return html('<a href="/files/big-declared">Declared</a> <a href="/files/big-chunked">Chunked</a>');
      case '/no-button':
        return html(
          '<p>Your order</p><a href="/files/orders.xlsx">Download Spreadsheet</a><button style="display:none">Download PDF</button>',
        );
      case '/gone-page':
        response.writeHead(410, { 'content-type': 'text/html' });
        return response.end('<p>This link has expired</p>');
      default:
        response.writeHead(404, { 'content-type': 'text/plain' });
        return response.end('Not found');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = await startServer();
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await closeBrowser();
  await new Promise((resolve) => server.close(resolve));
});

/** What the promise rejected with; undefined when it resolved. */
function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
}

async function downloadError(request: Parameters<typeof downloadOrderFiles>[0]): Promise<LinkDownloadError> {
  const error = await rejectionOf(downloadLocal(request));
  expect(error).toBeInstanceOf(LinkDownloadError);
  return error as LinkDownloadError;
}

// Chromium on a busy machine can take many seconds per page; nothing here is about speed.
describe('downloadOrderFiles through the order page', { timeout: 120_000 }, () => {
  it('clicks both buttons, including one that JavaScript adds later, and returns the served bytes', async () => {
    const files = await downloadLocal({
      url: `${baseUrl}/order?token=abc`,
      buttons: [
        { kind: 'spreadsheet', text: 'download spreadsheet', fileName: 'not-used.xlsx' },
        { kind: 'pdf', text: ' Download PDF ', fileName: 'Order Confirmation.pdf' },
      ],
    });
    expect(files.map(({ kind, fileName, contentType }) => ({ kind, fileName, contentType }))).toEqual([
      { kind: 'spreadsheet', fileName: 'orders.xlsx', contentType: XLSX_CONTENT_TYPE },
      { kind: 'pdf', fileName: 'Order Confirmation.pdf', contentType: 'application/pdf' },
    ]);
    expect(files[0]?.content.equals(spreadsheetBytes)).toBe(true);
    expect(files[1]?.content.equals(pdfBytes)).toBe(true);
  });

  it('uses a fresh browser context per call: no cookie from an earlier call is sent', async () => {
    pageCookies.length = 0;
    const buttons = [{ kind: 'spreadsheet' as const, text: 'Download Spreadsheet' }];
    await downloadLocal({ url: `${baseUrl}/order`, buttons });
    await downloadLocal({ url: `${baseUrl}/order`, buttons });
    expect(pageCookies).toEqual(['', '']);
  });

  it('matches an input button by its value and prefers the RFC 5987 file name', async () => {
    const [file] = await downloadLocal({
      url: `${baseUrl}/form-page`,
      buttons: [{ kind: 'spreadsheet', text: 'export csv' }],
    });
    expect(file?.fileName).toBe('Bestellung März.csv');
    expect(file?.contentType).toBe('text/csv');
    expect(file?.content.equals(csvBytes)).toBe(true);
  });

  it('takes a download started in a new tab', async () => {
    const [file] = await downloadLocal({
      url: `${baseUrl}/popup-page`,
      buttons: [{ kind: 'spreadsheet', text: 'Download Spreadsheet' }],
    });
    expect(file?.fileName).toBe('orders.xlsx');
    expect(file?.content.equals(spreadsheetBytes)).toBe(true);
  });

  it('names the button that is not on the page (a hidden one does not count)', async () => {
    const error = await downloadError({
      url: `${baseUrl}/no-button`,
      buttons: [{ kind: 'pdf', text: 'Download PDF' }],
      // Waiting out the whole budget is the only way to know a button never comes. The browser is already
      // running and the page is a few bytes on loopback, so 3 s leaves a slow machine room to load it.
      timeoutMs: 3_000,
    });
    expect(error.message).toContain('PDF download button "Download PDF" was not found on the order page');
    expect(error.message).toContain(`${baseUrl}/no-button`);
  });

  it('reports the HTTP status of the order page', async () => {
    const error = await downloadError({ url: `${baseUrl}/gone-page`, buttons: [] });
    expect(error.message).toBe(`The order link ${baseUrl}/gone-page answered HTTP 410 Gone`);
  });

  it('stops a download whose declared size is over the limit', async () => {
    const error = await downloadError({
      url: `${baseUrl}/big-page`,
      buttons: [{ kind: 'spreadsheet', text: 'Declared' }],
      maxBytes: 1024,
    });
    expect(error.message).toBe(
      'The file from the spreadsheet download button "Declared" is larger than the 1 KiB limit',
    );
  });

  it('rejects a download without a declared size that turns out over the limit', async () => {
    const error = await downloadError({
      url: `${baseUrl}/big-page`,
      buttons: [{ kind: 'spreadsheet', text: 'Chunked' }],
      maxBytes: 1024,
    });
    expect(error.message).toBe(
      'The file from the spreadsheet download button "Chunked" is larger than the 1 KiB limit',
    );
  });
});

describe('downloadOrderFiles when the link is the file', () => {
  it('downloads it over plain HTTP as the spreadsheet, named after the URL', async () => {
    const files = await downloadLocal({
      url: `${baseUrl}/files/direct.xlsx`,
      buttons: [
        { kind: 'spreadsheet', text: 'Download Spreadsheet' },
        { kind: 'pdf', text: 'Download PDF' },
      ],
    });
    expect(files).toHaveLength(1);
    expect(files[0]?.kind).toBe('spreadsheet');
    expect(files[0]?.fileName).toBe('direct.xlsx');
    expect(files[0]?.contentType).toBe(XLSX_CONTENT_TYPE);
    expect(files[0]?.content.equals(spreadsheetBytes)).toBe(true);
  });

  it('recognises a PDF by its bytes and gives it the configured name', async () => {
    const [file] = await downloadLocal({
      url: `${baseUrl}/files/direct-pdf`,
      buttons: [{ kind: 'pdf', text: 'Download PDF', fileName: 'purchase-order' }],
    });
    expect(file?.kind).toBe('pdf');
    expect(file?.fileName).toBe('purchase-order.pdf');
    expect(file?.contentType).toBe('application/pdf');
    expect(file?.content.equals(pdfBytes)).toBe(true);
  });

  it('decodes a gzip, deflate or brotli body to the served bytes, and names an encoding it cannot read', async () => {
    for (const coding of ['gzip', 'deflate', 'br']) {
      const [file] = await downloadLocal({
        url: `${baseUrl}/files/compressed.xlsx?coding=${coding}`,
        buttons: [],
      });
      expect(file?.content.equals(spreadsheetBytes), coding).toBe(true);
    }
    const error = await downloadError({ url: `${baseUrl}/files/odd-encoding`, buttons: [] });
    expect(error.message).toBe(
      `The order link ${baseUrl}/files/odd-encoding could not be read: the server sent an unsupported content encoding "zstd-of-the-future"`,
    );
  });

  it('reports a 404 with its status', async () => {
    const error = await downloadError({ url: `${baseUrl}/files/missing.xlsx`, buttons: [] });
    expect(error.message).toBe(`The order link ${baseUrl}/files/missing.xlsx answered HTTP 404 Not Found`);
  });

  it('refuses a file over the size limit', async () => {
    const error = await downloadError({ url: `${baseUrl}/files/big.xlsx`, buttons: [], maxBytes: 1024 });
    expect(error.message).toBe(`The file at ${baseUrl}/files/big.xlsx is larger than the 1 KiB limit`);
  });

  it('leaves the query string (often a token) out of messages', async () => {
    const error = await downloadError({ url: `${baseUrl}/files/missing.xlsx?token=secret`, buttons: [] });
    expect(error.message).not.toContain('secret');
  });
});

describe('downloadOrderFiles guards', () => {
  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/orders.xlsx', 'not a url'])(
    'refuses %s',
    async (url) => {
      const error = await downloadError({ url, buttons: [{ kind: 'spreadsheet', text: 'Download' }] });
      expect(error.message).toMatch(/is not (an http or https URL|a valid URL)/);
    },
  );

  it('reports a server that cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await downloadError({ url: `http://127.0.0.1:${port}/order`, buttons: [] });
    expect(error.message).toBe(
      `The order link http://127.0.0.1:${port}/order could not be reached: ECONNREFUSED`,
    );
  });
});

describe('order links to private networks', () => {
  it('are refused by default, before anything is requested', async () => {
    const error = await rejectionOf(downloadOrderFiles({ url: `${baseUrl}/files/orders.xlsx`, buttons: [] }));
    expect(error).toBeInstanceOf(LinkDownloadError);
    expect((error as Error).message).toContain('leads to a private network address (127.0.0.1)');
    expect((error as Error).message).toContain('ORDER_LINKS_ALLOW_PRIVATE_ADDRESSES=true');
  });

  it('are recognised for IPv4, IPv6 and mapped addresses, and public ones are not', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});

describe('requests an order page makes in the browser', () => {
  /** A loopback server that records the paths asked of it. */
  async function listen(
    handler: (request: IncomingMessage, response: ServerResponse) => void,
  ): Promise<{ server: Server; origin: string; port: number; paths: string[] }> {
    const paths: string[] = [];
    const server = createServer((request, response) => {
      paths.push(request.url ?? '');
      handler(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    return { server, origin: `http://127.0.0.1:${port}`, port, paths };
  }

  let internal: Awaited<ReturnType<typeof listen>>;
  let vendor: Awaited<ReturnType<typeof listen>>;
  /** Loopback plays both parts: the vendor's port counts as public, the "internal" one as private. */
  const resolveTargets: TargetResolver = async (_hostname, port) =>
    port === internal.port ? { blocked: '127.0.0.1' } : { address: '127.0.0.1' };

  beforeAll(async () => {
    internal = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('internal');
    });
    vendor = await listen((request, response) => {
      switch (request.url) {
        case '/redirect':
          response.writeHead(302, { location: `${internal.origin}/via-redirect` });
          return response.end();
        case '/own.png':
          response.writeHead(200, { 'content-type': 'image/png' });
          return response.end();
        case '/files/orders.xlsx':
          response.writeHead(200, {
            'content-type': XLSX_CONTENT_TYPE,
            'content-disposition': 'attachment; filename="orders.xlsx"',
          });
          return response.end(spreadsheetBytes);
        default: {
          const target = request.url === '/order-internal' ? `${internal.origin}/file` : '/files/orders.xlsx';
          response.writeHead(200, { 'content-type': 'text/html' });
          return response.end(`<!doctype html><body>
            <img src="/own.png"><img src="${internal.origin}/image"><img src="/redirect">
            <script>fetch('${internal.origin}/fetch').catch(() => {});</script>
            <a href="${target}">Download Spreadsheet</a>
          </body>`);
        }
      }
    });
  });
  afterAll(() => {
    internal.server.close();
    vendor.server.close();
  });

  it('go through the guard: the page and its download from the vendor work as without it', async () => {
    const files = await downloadOrderFiles({
      url: `${vendor.origin}/order`,
      buttons: [{ kind: 'spreadsheet', text: 'Download Spreadsheet' }],
      resolveTargets,
    });
    expect(files.map((file) => file.fileName)).toEqual(['orders.xlsx']);
    expect(files[0]!.content.equals(spreadsheetBytes)).toBe(true);
    expect(vendor.paths).toEqual(expect.arrayContaining(['/order', '/own.png', '/redirect']));
    // The image, the script's fetch and the redirect's second hop all aimed at the private side.
    expect(internal.paths).toEqual([]);
  });

  it('never reach a private address, and a download refused so is named in the error', async () => {
    const error = await rejectionOf(
      downloadOrderFiles({
        url: `${vendor.origin}/order-internal`,
        buttons: [{ kind: 'spreadsheet', text: 'Download Spreadsheet' }],
        resolveTargets,
        timeoutMs: 5_000,
      }),
    );
    expect(error).toBeInstanceOf(LinkDownloadError);
    expect((error as Error).message).toContain(
      `Requests to private network addresses were blocked: 127.0.0.1:${internal.port} (127.0.0.1)`,
    );
    expect(internal.paths).toEqual([]);
  });
});

/**
 * Other spellings of this machine's own address (issue 12): a loopback server that answers on IPv4 and IPv6
 * (it listens on `::`) must receive nothing from an order link, whether the link is fetched over plain HTTP
 * or opened in Chromium through the guard proxy, with the guard's own address rules (no test resolver).
 */
describe('order links to loopback in other spellings', { timeout: 120_000 }, () => {
  let loopback: Server;
  let port: number;
  const hits: string[] = [];
  const spellings = (at: number) => [
    `http://[::ffff:127.0.0.1]:${at}`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${at}`,
    `http://[::ffff:7f00:1]:${at}`,
    `http://2130706433:${at}`,
    `http://0x7f.1:${at}`,
    `http://0177.0.0.1:${at}`,
    `http://127.1:${at}`,
    `http://0.0.0.0:${at}`,
    `http://[::]:${at}`,
    `http://[::1]:${at}`,
  ];

  beforeAll(async () => {
    loopback = createServer((request, response) => {
      hits.push(`${request.headers.host ?? ''}${request.url ?? ''}`);
      response.writeHead(200, {
        'content-type': XLSX_CONTENT_TYPE,
        'content-disposition': 'attachment; filename="internal.xlsx"',
      });
      response.end(spreadsheetBytes);
    });
    await new Promise<void>((resolve) => loopback.listen(0, '::', resolve));
    port = (loopback.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => loopback.close(resolve));
  });

  it('the loopback server answers every spelling when nothing guards it (the test is real)', async () => {
    for (const origin of spellings(port)) {
      const files = await downloadOrderFiles({
        url: `${origin}/files/internal.xlsx`,
        buttons: [],
        allowPrivateAddresses: true,
      });
      expect(files[0]?.content.equals(spreadsheetBytes), origin).toBe(true);
    }
    expect(hits.length).toBe(spellings(port).length);
    hits.length = 0;
  });

  it('are refused on the plain download path before anything is sent', async () => {
    for (const origin of spellings(port)) {
      const error = await rejectionOf(
        downloadOrderFiles({ url: `${origin}/files/internal.xlsx`, buttons: [] }),
      );
      expect(error, origin).toBeInstanceOf(LinkDownloadError);
      expect((error as Error).message, origin).toContain('leads to a private network address');
    }
    expect(hits).toEqual([]);
  });

  it('are refused as a redirect hop of a public link', async () => {
    // The vendor's server is on loopback too, so it alone is let through.
    const vendor = createServer((request, response) => {
      response.writeHead(302, { location: decodeURIComponent(request.url ?? '/').slice(1) });
      response.end();
    });
    await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
    const vendorPort = (vendor.address() as AddressInfo).port;
    const resolveTargets: TargetResolver = (hostname, at) =>
      at === vendorPort ? Promise.resolve({ address: '127.0.0.1' }) : publicTargets(hostname, at);
    try {
      for (const origin of spellings(port)) {
        const target = encodeURIComponent(`${origin}/files/internal.xlsx`);
        const error = await rejectionOf(
          downloadOrderFiles({
            url: `http://127.0.0.1:${vendorPort}/${target}`,
            buttons: [],
            resolveTargets,
          }),
        );
        expect((error as Error).message, origin).toContain('leads to a private network address');
      }
    } finally {
      vendor.close();
    }
    expect(hits).toEqual([]);
  });

  it('are refused for everything the page does in Chromium: images, fetches, redirects and the download', async () => {
    const targets = spellings(port);
    const vendor = createServer((request, response) => {
      if (request.url?.startsWith('/hop/')) {
        response.writeHead(302, { location: `${targets[Number(request.url.slice(5))]}/via-redirect` });
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<!doctype html><body>
        ${targets.map((origin, index) => `<img src="${origin}/image-${index}"><img src="/hop/${index}">`).join('')}
        <script>${targets.map((origin) => `fetch('${origin}/fetch').catch(() => {});`).join('')}</script>
        <a href="${targets[0]}/files/internal.xlsx">Download Spreadsheet</a>
      </body>`);
    });
    await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
    const vendorPort = (vendor.address() as AddressInfo).port;
    const resolveTargets: TargetResolver = (hostname, at) =>
      at === vendorPort ? Promise.resolve({ address: '127.0.0.1' }) : publicTargets(hostname, at);
    try {
      const error = await rejectionOf(
        downloadOrderFiles({
          url: `http://127.0.0.1:${vendorPort}/order`,
          buttons: [{ kind: 'spreadsheet', text: 'Download Spreadsheet' }],
          resolveTargets,
          timeoutMs: 5_000,
        }),
      );
      expect(error).toBeInstanceOf(LinkDownloadError);
      expect((error as Error).message).toContain('Requests to private network addresses were blocked');
      expect((error as Error).message).toContain(`:${port} (127.0.0.1)`);
    } finally {
      vendor.close();
    }
    expect(hits).toEqual([]);
  });
});

describe('the plain download path connects to the address that was checked', () => {
  it('uses the guard’s answer for a name, never a second DNS answer, and keeps the name in Host', async () => {
    const hosts: string[] = [];
    const portal = createServer((request, response) => {
      hosts.push(request.headers.host ?? '');
      response.writeHead(200, { 'content-type': XLSX_CONTENT_TYPE });
      response.end(spreadsheetBytes);
    });
    await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
    const portalPort = (portal.address() as AddressInfo).port;
    // `.invalid` never resolves in DNS: the request can only reach the portal through the checked answer.
    let asked = 0;
    const resolveTargets: TargetResolver = async (hostname) => {
      asked += 1;
      return hostname === 'orders.portal.invalid' ? { address: '127.0.0.1' } : { blocked: hostname };
    };
    try {
      const files = await downloadOrderFiles({
        url: `http://orders.portal.invalid:${portalPort}/files/orders.xlsx`,
        buttons: [],
        resolveTargets,
      });
      expect(files[0]!.content.equals(spreadsheetBytes)).toBe(true);
      expect(files[0]!.fileName).toBe('orders.xlsx');
      expect(hosts).toEqual([`orders.portal.invalid:${portalPort}`]);
      expect(asked).toBe(1);
    } finally {
      portal.close();
    }
  });
});
