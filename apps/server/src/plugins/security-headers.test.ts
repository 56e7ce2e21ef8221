import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectFromPublicOrigin, type TestApp } from '../../test/helper';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><script src="/theme.js"></script>');
  writeFileSync(path.join(webDist, 'theme.js'), 'void 0;');
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(async () => {
  await t.close();
});

/** One of each kind of response: API, error, refusal, static file, index.html, deep link, 404. */
const RESPONSES: Array<[string, InjectOptions, number]> = [
  ['API', { method: 'GET', url: '/health' }, 200],
  ['401', { method: 'GET', url: '/api/accounts/list' }, 401],
  ['CSRF 403', { method: 'POST', url: '/auth/login', headers: { origin: 'http://evil.example' } }, 403],
  [
    '415',
    { method: 'POST', url: '/auth/login', payload: 'a=b', headers: { 'content-type': 'text/plain' } },
    415,
  ],
  ['400', { method: 'POST', url: '/auth/login', payload: { username: 'a\u0000' } }, 400],
  ['static file', { method: 'GET', url: '/assets/app.js' }, 200],
  ['theme script', { method: 'GET', url: '/theme.js' }, 200],
  ['index.html', { method: 'GET', url: '/' }, 200],
  ['deep link', { method: 'GET', url: '/admin/manage/users' }, 200],
  ['API 404', { method: 'GET', url: '/api/nope' }, 404],
];

async function responses(app: FastifyInstance) {
  const answers = [];
  for (const [name, request, status] of RESPONSES) {
    const response = await app.inject(request);
    expect(response.statusCode, name).toBe(status);
    answers.push({ name, headers: response.headers });
  }
  return answers;
}

describe('security headers on every response', () => {
  it('sends the CSP, frame and sniffing rules and the referrer policy on API, static, index.html and errors', async () => {
    for (const { name, headers } of await responses(t.app)) {
      expect(headers['content-security-policy'], name).toBe(CSP);
      expect(headers['x-content-type-options'], name).toBe('nosniff');
      expect(headers['x-frame-options'], name).toBe('DENY');
      expect(headers['referrer-policy'], name).toBe('same-origin');
      expect(headers['cross-origin-opener-policy'], name).toBe('same-origin');
      // PUBLIC_URL is http here: no HSTS, no upgrade of the app's own requests.
      expect(headers['strict-transport-security'], name).toBeUndefined();
    }
  });

  it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const config = loadConfig({
      APP_SECRET_KEY: t.config.secretKey,
      DATA_DIR: t.config.dataDir,
      WEB_DIST_DIR: webDist,
      PUBLIC_URL: 'https://ops.example.com',
    });
    const app = await buildApp({ database: t.db, config, logger: false });
    try {
      injectFromPublicOrigin(app, config);
      for (const { name, headers } of await responses(app)) {
        expect(headers['strict-transport-security'], name).toBe('max-age=31536000; includeSubDomains');
        expect(headers['content-security-policy'], name).toBe(`${CSP};upgrade-insecure-requests`);
      }
    } finally {
      await app.close();
    }
  });
});
