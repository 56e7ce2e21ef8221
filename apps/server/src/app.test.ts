import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';

const CHUNK = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};`;

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  // As the build leaves a chunk: the file and its brotli and gzip copies (apps/web/vite.config.ts).
  writeFileSync(path.join(dist, 'assets', 'chunk-abc123.js'), CHUNK);
  writeFileSync(path.join(dist, 'assets', 'chunk-abc123.js.br'), brotliCompressSync(CHUNK));
  writeFileSync(path.join(dist, 'assets', 'chunk-abc123.js.gz'), gzipSync(CHUNK));
  writeFileSync(path.join(dist, 'theme.js'), 'document.documentElement.dataset.theme = "dark";');
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
});

describe('serving the built web app on the API port', () => {
  it('serves index.html at / and for client-side routes, without a session', async () => {
    for (const url of ['/', '/home', '/admin/manage/users/edit/3', '/reset-password?token=abc']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves the assets', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it('keeps unknown API paths and non-GET requests as JSON 404s', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/unknown' },
      { method: 'GET' as const, url: '/auth/unknown' },
      { method: 'POST' as const, url: '/home' },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('first load: compressed files and cache headers (docs/design/web-delivery.md)', () => {
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the brotli copy to a browser that accepts it', async () => {
    const response = await get('/assets/chunk-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(CHUNK);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const response = await get('/assets/chunk-abc123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(CHUNK);
  });

  it('sends the file as it is without Accept-Encoding', async () => {
    const response = await get('/assets/chunk-abc123.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(CHUNK);
  });

  it('lets browsers keep hashed assets for a year without asking', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const response = await get('/assets/chunk-abc123.js', encoding);
      expect(response.headers['cache-control'], String(encoding)).toBe('public, max-age=31536000, immutable');
    }
  });

  it('makes browsers revalidate index.html and unhashed files on every load', async () => {
    for (const url of ['/', '/home', '/order-tracking-sources', '/theme.js']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
