import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, withBrowserPage } from './chromium';
import { renderPdf } from './pdf';

const requestedPaths: string[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    requestedPaths.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await closeBrowser();
  await new Promise((resolve) => server.close(resolve));
});

// Chromium on a busy machine can take many seconds per page; nothing here is about speed.
describe('renderPdf', { timeout: 120_000 }, () => {
  it('renders an HTML document to a PDF', async () => {
    const pdf = await renderPdf(
      '<!doctype html><html><body><h1>Purchase order 1001</h1><table><tr><td>Widget</td><td>2</td></tr></table></body></html>',
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(500);
  });

  it('renders A4 landscape', async () => {
    const pdf = (await renderPdf('<p>Landscape</p>')).toString('latin1');
    // A4 is 595 × 842 points; landscape puts the long side across.
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
    expect(Number(box?.[1])).toBeCloseTo(842, -1);
    expect(Number(box?.[2])).toBeCloseTo(595, -1);
  });

  it('fetches nothing the document points at and runs no script', async () => {
    requestedPaths.length = 0;
    const pdf = await renderPdf(
      `<p>Order</p><img src="${baseUrl}/tracker.png"><link rel="stylesheet" href="${baseUrl}/style.css">` +
        `<script>fetch('${baseUrl}/from-script')</script>`,
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(requestedPaths).toEqual([]);
  });
});

describe('withBrowserPage', { timeout: 120_000 }, () => {
  it('replaces a browser that crashed', async () => {
    let crashed: Browser | null = null;
    await withBrowserPage(async (page) => {
      crashed = page.context().browser();
      const session = await crashed?.newBrowserCDPSession();
      // The browser dies while answering, so the call itself fails.
      await session?.send('Browser.crash').catch(() => undefined);
    }).catch(() => undefined);
    await expect.poll(() => (crashed as Browser | null)?.isConnected()).toBe(false);
    const pdf = await renderPdf('<p>After the crash</p>');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
