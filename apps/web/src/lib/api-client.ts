import { type ApiErrorBody, COOKIE_NAMES, GUARD_MESSAGES, USERNAME_STORAGE_KEY } from '@app/contracts';

/** An HTTP answer outside 2xx. `message` is the server's own explanation when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: ApiErrorBody | unknown,
  ) {
    super(message);
  }
  get fields(): Record<string, string> | undefined {
    return (this.body as ApiErrorBody | undefined)?.fields;
  }
}

export const REFRESH_PATH = '/auth/refresh-token';

/** A 401 from these means wrong credentials or no session to refresh, never an expired access token. */
const NO_REFRESH_PATHS = [REFRESH_PATH, '/auth/login', '/auth/reset-password'];
const mayRefresh = (path: string) => !NO_REFRESH_PATHS.some((prefix) => path.startsWith(prefix));

type SessionExpiredHandler = (message: string) => void;
let onSessionExpired: SessionExpiredHandler = () => {
  window.location.assign('/');
};

/** The router installs a handler that navigates to / with the message, without a full page load. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler) {
  onSessionExpired = handler;
}

export function storedUsername(): string | null {
  return localStorage.getItem(USERNAME_STORAGE_KEY) ?? readCookie(COOKIE_NAMES.username);
}

export function rememberUsername(username: string) {
  localStorage.setItem(USERNAME_STORAGE_KEY, username);
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** Removes what the client can remove; the httpOnly token cookies are cleared by the server's answers. */
export function clearClientSession() {
  localStorage.removeItem(USERNAME_STORAGE_KEY);
  for (const name of Object.values(COOKIE_NAMES)) {
    // biome-ignore lint/suspicious/noDocumentCookie: expiring a cookie needs no Cookie Store API support.
    document.cookie = `${name}=; Max-Age=0; path=/`;
    // biome-ignore lint/suspicious/noDocumentCookie: as above.
    document.cookie = `${name}=; Max-Age=0; path=/auth`;
  }
}

/**
 * Set by a deliberate logout, cleared by the next sign-in: a page opened in between says "Please log in", not that
 * a session expired (docs/behaviour/accounts-and-sign-in.md#route-guards).
 */
const SIGNED_OUT_KEY = 'signedOut';

export function markSignedOut() {
  localStorage.setItem(SIGNED_OUT_KEY, '1');
}

export function clearSignedOut() {
  localStorage.removeItem(SIGNED_OUT_KEY);
  sessionEndedByApp = false;
}

/**
 * Set when the app itself ends the session (a changed username or password) and shows its own message: a request
 * still in flight then fails quietly instead of replacing that message with "session expired". In memory only,
 * so a reload (or the next sign-in) forgets it.
 */
let sessionEndedByApp = false;

export function markSessionEndedByApp() {
  sessionEndedByApp = true;
}

/** The message for a request that found no valid session. */
export function sessionEndMessage(): string {
  return localStorage.getItem(SIGNED_OUT_KEY) ? GUARD_MESSAGES.pleaseLogIn : GUARD_MESSAGES.sessionExpired;
}

let refreshInFlight: Promise<boolean> | null = null;

/** One refresh at a time: parallel 401s share it, so the rotated token is not presented twice. */
function refreshSession(): Promise<boolean> {
  refreshInFlight ??= fetch(REFRESH_PATH, { method: 'POST', credentials: 'include' })
    .then((response) => response.status === 200 || response.status === 204)
    .catch(() => false)
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (the progress key of long work). */
  headers?: Record<string, string>;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorMessage(body: unknown, status: number): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
    return body.message;
  if (typeof body === 'string' && body.trim()) return body;
  return `Request failed (${status})`;
}

/**
 * The one way the web app talks to the server: credentials always, no default timeout, and on a 401 one
 * refresh then one retry (never for the refresh call itself). A failed refresh ends the client session.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const isForm = options.body instanceof FormData;
  const init: RequestInit = {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    credentials: 'include',
    // No Content-Type without a body: Fastify refuses an empty body declared as JSON.
    headers: {
      ...options.headers,
      Accept: 'application/json',
      ...(isForm || options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    signal: options.signal ?? null,
  };
  if (options.body !== undefined)
    init.body = isForm ? (options.body as FormData) : JSON.stringify(options.body);

  let response = await fetch(path, init);
  if (response.status === 401 && mayRefresh(path)) {
    if (await refreshSession()) {
      response = await fetch(path, init);
    } else {
      if (sessionEndedByApp) throw new ApiError(401, sessionEndMessage());
      console.error('Session expired. Redirecting to login.');
      const message = sessionEndMessage();
      clearClientSession();
      onSessionExpired(message);
      throw new ApiError(401, message);
    }
  }
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, errorMessage(body, response.status), body);
  return body as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, signal ? { signal } : {}),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    apiRequest<T>(path, { method: 'POST', body, ...(headers ? { headers } : {}) }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** A user-facing sentence for any error a call can throw. */
export function describeError(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message || fallback;
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.';
  return fallback;
}
