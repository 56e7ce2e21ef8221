/**
 * What a route declares about itself for the API reference (docs/design/api.md): a summary, its request
 * parts and its answers, as the zod contracts the handler validates with. The declaration sits in the
 * route's Fastify `schema`, but Fastify does not validate or serialise with it (see `registerRouteDocs`):
 * handlers keep validating with `validate()` after the access check, so a refused caller gets 401/403 before
 * any 400, and the error bodies stay exactly as they were (docs/decisions/0014-openapi-from-contracts.md).
 */
import { ZActiveToggleResultSchema, ZActiveToggleSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** An answer or request part that is not JSON: a file download, a CSV, a multipart upload, or nothing. */
export class NonJsonPart {
  constructor(
    readonly kind: 'none' | 'file' | 'text' | 'upload',
    readonly mediaTypes: readonly string[] = [],
    /** The text fields an upload carries beside its file. */
    readonly fields?: z.ZodObject,
  ) {}
}

/** 204, or a POST that reads no body. */
export const NO_CONTENT = new NonJsonPart('none');

/** A stored file sent as it is (its own content type), with Content-Disposition: attachment. */
export const FILE_DOWNLOAD = fileDownload(['application/octet-stream']);

/** A file of one of these types, sent as an attachment. */
export function fileDownload(mediaTypes: readonly string[]): NonJsonPart {
  return new NonJsonPart('file', mediaTypes);
}

export function textResponse(mediaType: string): NonJsonPart {
  return new NonJsonPart('text', [mediaType]);
}

/** A multipart/form-data body with one `file` part and, optionally, text fields (config.body: 'file'). */
export function fileUpload(fields?: z.ZodObject): NonJsonPart {
  return new NonJsonPart('upload', ['multipart/form-data'], fields);
}

export type DocumentedPart = z.ZodType | NonJsonPart;

export interface RouteDocs {
  summary: string;
  description?: string;
  /** One schema per path parameter, e.g. `idParams()`. */
  params?: z.ZodObject;
  /** A z.object, or a z.preprocess into one. */
  querystring?: z.ZodType;
  /** Required on every method but GET: the schema, `NO_CONTENT` or `fileUpload()`. */
  body?: DocumentedPart;
  /** The successful answers by status; errors (ApiErrorBody) are added from the route's access and input. */
  response: Record<number, DocumentedPart>;
}

export interface DocumentedSchema extends RouteDocs {
  tags: string[];
}

/** A module's declaration helper: every route it documents is listed under its tag. */
export function apiDocs(tag: string): (docs: RouteDocs) => DocumentedSchema {
  return (docs) => ({ tags: [tag], ...docs });
}

const idParamSchemas = new Map<string, z.ZodObject>();

/**
 * A numeric id in the path, as `parseIdParam` accepts it (a whole number of at most nine digits). The handler
 * still parses it, so a bad id keeps its own message.
 */
export function idParams(...names: string[]): z.ZodObject {
  const key = names.length === 0 ? 'id' : names.join(',');
  let schema = idParamSchemas.get(key);
  if (!schema) {
    const id = z.string().regex(/^\d{1,9}$/, 'Invalid id');
    schema = z.object(Object.fromEntries((names.length === 0 ? ['id'] : names).map((name) => [name, id])));
    idParamSchemas.set(key, schema);
  }
  return schema;
}

/**
 * Route schemas are documentation only: the compilers below make Fastify neither validate requests nor
 * shape answers with them, so behaviour is what the handlers do.
 */
export function registerRouteDocs(app: FastifyInstance): void {
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

/** A POST or DELETE that removes one record and answers 204. */
export function deleteDocs(what: string, params: z.ZodObject = idParams()): RouteDocs {
  return { summary: `Delete ${what}`, params, body: NO_CONTENT, response: { 204: NO_CONTENT } };
}

/** POST …/{id}/active: the list's switch. */
export function activeToggleDocs(what: string): RouteDocs {
  return {
    summary: `Switch ${what} on or off`,
    params: idParams(),
    body: ZActiveToggleSchema,
    response: { 200: ZActiveToggleResultSchema },
  };
}
