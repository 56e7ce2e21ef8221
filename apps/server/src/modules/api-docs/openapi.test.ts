import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import { missingRouteDocs, openApiPath, securityOf } from './openapi-document';

let t: TestApp;
let user: Session;
beforeAll(async () => {
  t = await createTestApp();
  user = (await t.signIn({ orderUser: false })).session;
});
afterAll(async () => {
  await t.close();
});

async function fetchDocument() {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/openapi.json', () => {
  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBeDefined();
  });

  it('is a valid OpenAPI 3.1 document for any signed-in user, flags or not', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toMatch(/^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every registered route with its method, path and access', async () => {
    const document = await fetchDocument();
    const routes = t.app.context.routes.filter((route) => !route.schema?.hide);
    for (const route of routes) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation['x-access']).toEqual(route.access);
      expect(operation.security).toEqual(securityOf(route));
    }
    const documented = Object.values(document.paths).flatMap((item) => Object.keys(item as object));
    expect(documented.length).toBe(routes.length);
  });

  it('names the error body on every refusal a route can give', async () => {
    const document = await fetchDocument();
    const login = document.paths['/auth/login'].post;
    expect(login.responses['401']).toBeUndefined();
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    const users = document.paths['/api/accounts/list'].get;
    expect(users.responses['403'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ApiErrorBody',
    });
    expect(document.components.schemas.ApiErrorBody.required).toEqual(['statusCode', 'code', 'message']);
  });
});

/**
 * The guard of issue 17: a route added without a documented request and answer fails here, naming what is
 * missing (how to document one: docs/design/api.md#how-to-document-a-new-route).
 */
describe('every registered route is documented', () => {
  it('declares a summary, its success answers, its body unless GET, and each path parameter', () => {
    const undocumented = t.app.context.routes
      .filter((route) => !route.schema?.hide)
      .map((route) => ({ route: `${route.method} ${route.url}`, missing: missingRouteDocs(route) }))
      .filter((entry) => entry.missing.length > 0);
    expect(undocumented).toEqual([]);
  });

  it('takes a redirect as success only on the routes a browser navigates to', () => {
    const start = t.app.context.routes.find(
      (route) => route.url === '/api/email-sources/:id/oauth/:provider/start',
    );
    expect(start).toBeDefined();
    if (!start) return;
    expect(missingRouteDocs(start)).toEqual([]);
    expect(missingRouteDocs({ ...start, url: '/api/email-sources/:id/oauth/:provider/elsewhere' })).toEqual([
      'no success response',
    ]);
  });
});
