/**
 * Errors in the form they may leave the process: in the log, in a job's stored failure, in a run's message.
 * A failed query carries the values it was writing — Drizzle puts its parameters into the message, PGlite
 * hangs them on the error, PostgreSQL's `detail` repeats the failing row — and those values are password
 * hashes, encrypted secrets, tokens and file contents. They are dropped here; the SQL text (placeholders
 * only), the SQLSTATE code and the database's own message are kept, which is what a reader needs.
 */

/** Properties that may hold the values of a query, whichever layer put them there. */
const VALUE_KEYS = new Set(['params', 'parameters', 'queryOptions']);
/** PostgreSQL error fields that quote row values ("Failing row contains (…)", "Key (email)=(…)"). */
const DATABASE_VALUE_KEYS = new Set(['detail', 'where', 'internalQuery']);

const FAILED_QUERY = 'Failed query: ';

interface ErrorLike {
  message: string;
  name?: string;
  stack?: string;
  cause?: unknown;
  code?: unknown;
  [key: string]: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';
}

/** Drizzle's wrapper around a failed query: "Failed query: <sql>\nparams: <values>", the driver's error as cause. */
export function isQueryError(error: unknown): error is ErrorLike & { query: string } {
  return isErrorLike(error) && error.message.startsWith(FAILED_QUERY) && 'params' in error;
}

function isDatabaseError(error: ErrorLike): boolean {
  return (
    typeof error.severity === 'string' && typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code)
  );
}

function safeMessage(error: ErrorLike): string {
  if (!isQueryError(error)) return error.message;
  const end = error.message.indexOf('\nparams:');
  return end === -1 ? `${FAILED_QUERY}${String(error.query)}` : error.message.slice(0, end);
}

/**
 * One line fit for a run record or a user: for a failed query the database's own reason (e.g. "value too long
 * for type character varying(255)") and its SQLSTATE, never the query or its values.
 */
export function describeError(error: unknown): string {
  if (isQueryError(error)) {
    const cause = error.cause;
    if (isErrorLike(cause)) {
      const code =
        typeof cause.code === 'string' && !cause.message.includes(cause.code) ? ` (${cause.code})` : '';
      return `${cause.message}${code}`;
    }
    return 'A database query failed';
  }
  if (isErrorLike(error)) return error.message;
  return String(error);
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** The log's `err` serializer: type, message, stack, the error's own fields and its causes, values dropped. */
export function serializeError(error: unknown): SerializedError {
  if (!isErrorLike(error)) return { type: typeof error, message: String(error), stack: '' };
  return serializeErrorLike(error, new WeakSet()) as SerializedError;
}

function serializeErrorLike(error: unknown, seen: WeakSet<object>): unknown {
  if (!isErrorLike(error)) return error;
  if (seen.has(error)) return { message: '[circular]' };
  seen.add(error);
  const type = error.constructor?.name && error.constructor !== Object ? error.constructor.name : error.name;
  const message = safeMessage(error);
  const out: Record<string, unknown> = { type, message, stack: safeStack(error, message) };
  const database = isDatabaseError(error);
  for (const key of Object.keys(error)) {
    if (key in out || key === 'cause' || key === 'errors') continue;
    if (VALUE_KEYS.has(key) || (database && DATABASE_VALUE_KEYS.has(key))) continue;
    const value = error[key];
    out[key] = isErrorLike(value) ? serializeErrorLike(value, seen) : value;
  }
  if (error.cause !== undefined) out.cause = serializeErrorLike(error.cause, seen);
  if (Array.isArray(error.errors))
    out.aggregateErrors = error.errors.map((inner) => serializeErrorLike(inner, seen));
  return out;
}

/** The stack begins with "Name: message"; a rewritten message must not survive in it. */
function safeStack(error: ErrorLike, message: string): string {
  const stack = error.stack ?? '';
  if (message === error.message) return stack;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${error.name ?? 'Error'}: ${message}`, ...frames].join('\n');
}

/**
 * An Error to throw on where a library stores what it catches (pg-boss keeps a failed job's error in its
 * table): the same name, message and stack as `serializeError` gives, and the SQLSTATE code.
 */
export function redactError(error: unknown): unknown {
  if (!isErrorLike(error) || !containsQueryValues(error)) return error;
  const serialized = serializeError(error);
  const safe = new Error(describeError(error));
  safe.name = error.name ?? 'Error';
  safe.stack = serialized.stack.replace(serialized.message, safe.message);
  const cause = isQueryError(error) ? error.cause : error;
  if (isErrorLike(cause) && typeof cause.code === 'string') Object.assign(safe, { code: cause.code });
  return safe;
}

function containsQueryValues(error: ErrorLike, depth = 0): boolean {
  if (depth > 8) return false;
  if (isQueryError(error) || Object.keys(error).some((key) => VALUE_KEYS.has(key))) return true;
  if (isDatabaseError(error)) return true;
  return isErrorLike(error.cause) && containsQueryValues(error.cause, depth + 1);
}
