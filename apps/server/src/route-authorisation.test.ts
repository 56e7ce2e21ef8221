import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';

/** The only routes reachable without a session (issue 2); anything else registered must answer 401. */
const PUBLIC_ROUTES = new Set([
  'GET /health',
  'POST /auth/login',
  'POST /auth/refresh-token',
  'POST /auth/reset-password',
  'POST /auth/reset-password/confirm',
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x');
}

describe('every registered route', () => {
  it('declares public access only for the allowed few', () => {
    const declaredPublic = t.app.context.routes
      .filter((route) => route.access === 'public')
      .map((route) => `${route.method} ${route.url}`);
    expect(new Set(declaredPublic)).toEqual(PUBLIC_ROUTES);
  });

  it('answers 401 without a session, whatever the route', async () => {
    const guarded = t.app.context.routes.filter(
      (route) => !PUBLIC_ROUTES.has(`${route.method} ${route.url}`),
    );
    expect(guarded.length).toBeGreaterThan(10);
    for (const route of guarded) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('GET /health answers 200 with the database reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('unknown API paths answer a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});
