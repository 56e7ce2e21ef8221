/**
 * Credentials never reach a log in full (docs/design/security.md#tokens-in-logs): the app's real logger,
 * writing into this test, is given tokens in query parameters of any name, in a path, percent-encoded, and
 * in logged headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/helper';
import { randomToken } from './crypto';
import { REDACTED, redactCredentials, redactUrl } from './request-log';

const lines: string[] = [];
let t: TestApp;
let token: string;
let jwt: string;

beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
  });
  const { session } = await t.signIn();
  const created = await t
    .as(session)
    .post('/api/tokens', { name: 'logged', expiresInDays: 1, scope: 'read', currentPassword: TEST_PASSWORD });
  token = created.json().token;
  jwt = /access_token=([^;]+)/.exec(session.headers.cookie)![1]!;
});
afterAll(async () => {
  await t.close();
});

const secretOf = (apiToken: string) => apiToken.slice('iot_'.length + 13);
const publicPart = (apiToken: string) => apiToken.slice(0, 'iot_'.length + 12);

describe('the request log', () => {
  it('cuts an API token from any query parameter, the path and a percent-encoded value, keeping its public id', async () => {
    const urls = [
      `/api/notification-settings?bearer=${token}`,
      `/api/notification-settings?page=1&key=${token}&sort=name`,
      `/api/notification-settings?auth=${token.replace(/_/g, '%5F')}`,
      `/api/files/${token}/download`,
      `/api/notification-settings?session=${jwt}`,
    ];
    for (const url of urls) await t.app.inject({ method: 'GET', url });
    const logged = lines.filter(
      (line) => line.includes('/api/notification-settings?') || line.includes('/api/files/'),
    );
    expect(logged.length).toBeGreaterThanOrEqual(urls.length);
    for (const line of lines) {
      expect(line).not.toContain(secretOf(token));
      expect(line).not.toContain(jwt);
    }
    expect(logged.some((line) => line.includes(`bearer=${REDACTED}`))).toBe(true);
    expect(logged.some((line) => line.includes(`page=1&key=${REDACTED}&sort=name`))).toBe(true);
    expect(logged.some((line) => line.includes(`auth=${REDACTED}`))).toBe(true);
    expect(logged.some((line) => line.includes(`/api/files/${REDACTED}/download`))).toBe(true);
    expect(logged.some((line) => line.includes(`session=${REDACTED}`))).toBe(true);
  });

  it('cuts tokens and session cookies from logged headers and messages', () => {
    const refresh = randomToken(32);
    t.app.log.warn(
      {
        headers: {
          authorization: `Bearer ${token}`,
          cookie: `access_token=${jwt}; refresh_token=${refresh}; username=alice`,
        },
      },
      `refused ${token}`,
    );
    const line = lines.at(-1)!;
    expect(line).not.toContain(secretOf(token));
    expect(line).not.toContain(jwt);
    expect(line).not.toContain(refresh);
    expect(line).toContain(`Bearer ${publicPart(token)}_${REDACTED}`);
    expect(line).toContain(`access_token=${REDACTED}; refresh_token=${REDACTED}; username=alice`);
    expect(line).toContain(`refused ${publicPart(token)}_${REDACTED}`);
  });
});

describe('redactCredentials and redactUrl', () => {
  it('leaves ordinary text and URLs as they are', () => {
    for (const text of [
      '/api/order-tracking/list?PageSize=25&PageIndex=1',
      'GET /health 200',
      'patriot_x',
      'a'.repeat(42),
      'a'.repeat(44),
      'sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    ]) {
      expect(redactCredentials(text)).toBe(text);
      expect(redactUrl(text)).toBe(text);
    }
  });

  it('cuts a malformed iot_ value whole and keeps parameter-name redaction', () => {
    expect(redactCredentials('x iot_short_but-long-enough y')).toBe(`x iot_${REDACTED} y`);
    expect(redactUrl('/reset-password?token=abc&from=mail')).toBe(
      `/reset-password?token=${REDACTED}&from=mail`,
    );
  });
});

describe('the request log’s URLs', () => {
  it('redacts tokens, secrets, passwords and the OAuth callback’s code and state', () => {
    expect(redactUrl('/api/email-sources/oauth/callback?code=abc&state=xyz.sig&session_state=1')).toBe(
      '/api/email-sources/oauth/callback?code=[redacted]&state=[redacted]&session_state=1',
    );
    expect(redactUrl('/reset-password?token=t&from=mail')).toBe('/reset-password?token=[redacted]&from=mail');
    expect(redactUrl('/api/runs?status=failed&zipcode=1')).toBe('/api/runs?status=failed&zipcode=1');
  });
});
