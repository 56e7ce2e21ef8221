/**
 * One plain HTTP(S) GET of an order link, connected to an address chosen beforehand. The global fetch()
 * resolves the name itself, so a name checked against address-guard.ts could answer the check with a
 * public address and the connection with a private one (DNS rebinding). Here the socket's DNS lookup
 * returns the checked address and nothing else, while the Host header, TLS server name and certificate
 * check keep the link's own name. Redirects are not followed (the caller checks each hop); gzip, deflate
 * and brotli bodies are decoded as fetch() did.
 */
import type { LookupAddress, LookupOneOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { pipeline, Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

export interface LinkResponse {
  status: number;
  statusText: string;
  ok: boolean;
  headers: Headers;
  /** Null for a response that has none (204, 304, HEAD-like answers). */
  body: ReadableStream<Uint8Array> | null;
}

export interface LinkRequestOptions {
  signal: AbortSignal;
  headers?: Record<string, string>;
  /** The address to connect to for the link's host name; absent: the system resolver's answer. */
  address?: string;
  /** GET unless given; webhook deliveries POST their JSON body through the same pinned connection. */
  method?: 'GET' | 'POST';
  body?: string;
}

export class LinkResponseError extends Error {}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A DNS lookup that answers every question with one address. */
function pinnedLookup(address: string) {
  const family = isIP(address);
  return (_hostname: string, options: LookupOneOptions & { all?: boolean }, callback: LookupCallback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

const NO_BODY = new Set([204, 205, 304]);

function decoded(message: IncomingMessage): Readable {
  const codings = (message.headers['content-encoding'] ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .reverse();
  let stream: Readable = message;
  for (const coding of codings) {
    const decoder =
      coding === 'gzip' || coding === 'x-gzip'
        ? createGunzip()
        : coding === 'deflate'
          ? createInflate()
          : coding === 'br'
            ? createBrotliDecompress()
            : null;
    if (!decoder) throw new LinkResponseError(`the server sent an unsupported content encoding "${coding}"`);
    // pipeline() closes the response (and its socket) when the reader cancels or the decoder fails.
    stream = pipeline(stream, decoder, () => undefined);
  }
  return stream;
}

function toLinkResponse(message: IncomingMessage): LinkResponse {
  const status = message.statusCode ?? 0;
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const entry of Array.isArray(value) ? value : [value]) headers.append(name, entry);
  }
  let body: ReadableStream<Uint8Array> | null = null;
  if (NO_BODY.has(status)) message.resume();
  else body = Readable.toWeb(decoded(message)) as ReadableStream<Uint8Array>;
  return {
    status,
    statusText: message.statusMessage ?? '',
    ok: status >= 200 && status < 300,
    headers,
    body,
  };
}

/** GET (or POST) `url` without following redirects; rejects with the socket's error (its `code`, e.g. ECONNREFUSED). */
export function requestLink(url: URL, options: LinkRequestOptions): Promise<LinkResponse> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const requestOptions: RequestOptions = {
    method: options.method ?? 'GET',
    signal: options.signal,
    headers: { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'node', ...options.headers },
    // A pooled socket could have been opened to another hop's address: every request opens its own.
    agent: false,
    ...(options.address ? { lookup: pinnedLookup(options.address) as RequestOptions['lookup'] } : {}),
  };
  // A host that is an IP address is never looked up: connect to the checked spelling of it directly.
  if (options.address && isIP(url.hostname.replace(/^\[|\]$/g, ''))) {
    requestOptions.hostname = options.address;
    requestOptions.headers = { host: url.host, ...requestOptions.headers };
  }
  return new Promise((resolve, reject) => {
    const request = send(url, requestOptions, (message) => {
      try {
        resolve(toLinkResponse(message));
      } catch (error) {
        message.destroy();
        reject(error);
      }
    });
    request.on('error', reject);
    request.end(options.body);
  });
}
