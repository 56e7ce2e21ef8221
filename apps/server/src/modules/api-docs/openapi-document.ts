/**
 * The OpenAPI 3.1 description of the API, built from the routes as registered: each route's declared docs
 * (lib/route-docs.ts) turned into JSON Schema by zod, plus what every route shares — its access, the session
 * cookie, the origin check and the error body. See docs/design/api.md.
 */
import { COOKIE_NAMES, ZApiErrorBodySchema } from '@app/contracts';
import { z } from 'zod';
import type { RegisteredRoute } from '../../context';
import {
  type DocumentedPart,
  type DocumentedSchema,
  NonJsonPart,
  type RouteDocs,
} from '../../lib/route-docs';
import { acceptsApiToken, type RouteAccess } from '../../plugins/session';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.1';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

const METHODS_WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Routes a browser navigates to (mailbox sign-in's start and callback): they succeed with a redirect. */
const REDIRECTING_ROUTES = new Set([
  'GET /api/email-sources/:id/oauth/:provider/start',
  'GET /api/email-sources/oauth/callback',
  'GET /auth/mailbox-sign-in/resume',
]);

function successStatus(route: RegisteredRoute, status: number): boolean {
  return status < 300 || (status < 400 && REDIRECTING_ROUTES.has(`${route.method} ${route.url}`));
}

/** Why a route cannot be described, or an empty list when its declaration is complete. */
export function missingRouteDocs(route: RegisteredRoute): string[] {
  const docs = route.schema;
  if (!docs?.summary) return ['no schema with a summary (see docs/design/api.md)'];
  const missing: string[] = [];
  if (!Object.keys(docs.response ?? {}).some((status) => successStatus(route, Number(status))))
    missing.push('no success response');
  if (!METHODS_WITHOUT_BODY.has(route.method) && docs.body === undefined)
    missing.push('no body (declare NO_CONTENT for a request without one)');
  const pathParams = pathParameterNames(route.url);
  const declared = docs.params ? Object.keys(docs.params.shape) : [];
  for (const name of pathParams)
    if (!declared.includes(name)) missing.push(`path parameter ${name} not declared`);
  return missing;
}

export function buildOpenApiDocument(
  routes: readonly RegisteredRoute[],
  options: { version: string },
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of routes) {
    if (route.schema?.hide) continue;
    const path = openApiPath(route.url);
    for (const tag of route.schema?.tags ?? []) tags.add(tag);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Inbox Ops API',
      version: options.version,
      description: [
        'The API the Inbox Ops web app uses. Sign in with `POST /auth/login`: the answer sets the session',
        `cookie (\`${COOKIE_NAMES.accessToken}\`), valid for a few minutes and renewed with \`POST /auth/refresh-token\`.`,
        'Every request that changes something (any method but GET) must come from the product’s own origin:',
        'send `Origin` (browsers do) or no cookie at all, else it is refused with 403 `CROSS_ORIGIN_REQUEST`.',
        'Each operation names who may call it in `x-access`: `user` (any signed-in user), `admin`, or',
        '`anyFlag` (admins, or users holding one of the listed flags). Errors are `ApiErrorBody`; a 400 names each',
        'bad field in `fields`.',
      ].join(' '),
    },
    // Relative: the reference page calls the API on the origin it was loaded from, whatever PUBLIC_URL says.
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiErrorBody: toJsonSchema(ZApiErrorBodySchema, 'output') },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: COOKIE_NAMES.accessToken,
          description: 'The session cookie set by POST /auth/login.',
        },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal API token (Account → API tokens), authorised exactly as its user. Not accepted on ' +
            '/auth/, /api/accounts/ and /api/tokens. A read-only token may call GET routes and the POSTs marked ' +
            '`x-read-only-token: true`. Bearer requests need no Origin header.',
        },
      },
    },
  };
}

export function securityOf(route: RegisteredRoute): Array<Record<string, string[]>> {
  if (route.access === 'public') return [];
  return acceptsApiToken(route.url, route.access) ? [{ session: [] }, { apiToken: [] }] : [{ session: [] }];
}

function operation(route: RegisteredRoute): Operation {
  const docs = route.schema as DocumentedSchema | undefined;
  const bearer = acceptsApiToken(route.url, route.access);
  const readOnly = METHODS_WITHOUT_BODY.has(route.method) || route.readOnly;
  const parameters = [...parametersOf(docs?.params, 'path'), ...parametersOf(docs?.querystring, 'query')];
  const op: Operation = {
    operationId: operationId(route),
    summary: docs?.summary ?? `${route.method} ${route.url}`,
    ...(docs?.description ? { description: docs.description } : {}),
    tags: docs?.tags ?? [],
    'x-access': route.access,
    ...(parameters.length > 0 ? { parameters } : {}),
    security: securityOf(route),
    ...(bearer ? { 'x-read-only-token': readOnly } : {}),
    responses: { ...successResponses(docs?.response ?? {}), ...errorResponses(route, docs) },
  };
  const body = docs?.body === undefined ? undefined : requestBody(docs.body);
  if (body) op.requestBody = body;
  const access = accessText(route.access);
  if (access) op.description = [docs?.description, access].filter(Boolean).join('\n\n');
  return op;
}

function accessText(access: RouteAccess): string | undefined {
  if (access === 'public') return 'Public: no session needed.';
  if (access === 'admin') return 'Admins only.';
  if (typeof access === 'object')
    return `Admins, or users with one of the flags: ${access.anyFlag.join(', ')}.`;
  return undefined;
}

function successResponses(responses: RouteDocs['response']): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [status, part] of Object.entries(responses)) {
    const content = contentOf(part, 'output');
    out[status] = { description: describeStatus(Number(status)), ...(content ? { content } : {}) };
  }
  return out;
}

/** The refusals every route of its kind can answer, each with the one error body. */
function errorResponses(
  route: RegisteredRoute,
  docs: DocumentedSchema | undefined,
): Record<string, JsonSchema> {
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } },
  });
  const out: Record<string, JsonSchema> = {};
  const takesInput = docs?.params || docs?.querystring || (docs?.body && docs.body !== undefined);
  if (takesInput) out['400'] = error('Invalid request: `fields` names each bad field.');
  if (route.access !== 'public') out['401'] = error('No valid session.');
  const restricted = route.access === 'admin' || typeof route.access === 'object';
  if (restricted || !METHODS_WITHOUT_BODY.has(route.method))
    out['403'] = error(
      [
        restricted ? 'The caller lacks the role or flag this route needs.' : '',
        METHODS_WITHOUT_BODY.has(route.method)
          ? ''
          : 'Or CROSS_ORIGIN_REQUEST: the request came from another origin.',
        acceptsApiToken(route.url, route.access) && !route.readOnly && !METHODS_WITHOUT_BODY.has(route.method)
          ? 'Or API_TOKEN_READ_ONLY: a read-only API token called a route that changes data.'
          : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
  if (docs?.params) out['404'] = error('No such record.');
  out['500'] = error('Something went wrong on the server; details are logged, never sent.');
  return out;
}

function requestBody(part: DocumentedPart): JsonSchema | undefined {
  const content = contentOf(part, 'input');
  return content ? { required: true, content } : undefined;
}

function contentOf(part: DocumentedPart, io: 'input' | 'output'): JsonSchema | undefined {
  if (!(part instanceof NonJsonPart)) return { 'application/json': { schema: toJsonSchema(part, io) } };
  switch (part.kind) {
    case 'none':
      return undefined;
    case 'file':
      return Object.fromEntries(
        part.mediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
      );
    case 'text':
      return Object.fromEntries(part.mediaTypes.map((type) => [type, { schema: { type: 'string' } }]));
    case 'upload': {
      const fields = part.fields ? toJsonSchema(part.fields, 'input') : { type: 'object', properties: {} };
      const properties = {
        ...(fields.properties as JsonSchema | undefined),
        file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The file.' },
      };
      const required = [...((fields.required as string[] | undefined) ?? []), 'file'];
      return { 'multipart/form-data': { schema: { ...fields, type: 'object', properties, required } } };
    }
  }
}

function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = toJsonSchema(schema, 'input');
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties as Record<string, JsonSchema> | undefined) ?? {}).map(
    ([name, property]) => {
      const { description, ...rest } = property;
      return {
        name,
        in: location,
        required: location === 'path' || required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      };
    },
  );
}

/**
 * JSON Schema 2020-12 (OpenAPI 3.1's dialect) of a contract: the input side for requests (what a caller
 * sends, before defaults and transforms), the output side for answers. A body parsed through z.preprocess
 * is described by the schema it is normalised into.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const def = schema._zod.def as { type: string; in?: z.ZodType; out?: z.ZodType };
  const described =
    def.type === 'pipe' && def.in?._zod.def.type === 'transform' && def.out ? def.out : schema;
  const { $schema: _dialect, ...json } = z.toJSONSchema(described, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    // A recursive contract would need $defs that resolve inside the document; none is recursive today.
    cycles: 'throw',
    reused: 'inline',
    // z.number().int() bounds itself to the safe integers, which says nothing to a reader.
    override: ({ jsonSchema }) => {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  }) as JsonSchema;
  return json;
}

export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

function pathParameterNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

function operationId(route: RegisteredRoute): string {
  const words = route.url
    .replace(/^\/api\//, '/')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return route.method.toLowerCase() + words.join('');
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  503: 'Unavailable',
};

function describeStatus(status: number): string {
  return STATUS_TEXT[status] ?? `Status ${status}`;
}
