/**
 * Errors of a database that is not there or not answering (restarted, cut off, a backend ended), as opposed
 * to one that refuses a statement or a setting (docs/behaviour/operations.md#what-the-product-survives).
 * Drizzle wraps a failed query's error ("Failed query: …"), so the cause is looked at too; a statement sent
 * on a connection that already died fails with node-postgres's "not queryable", without a code.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    // 57P01–57P03: shut down by an administrator, crashed, or starting up / shutting down.
    if (typeof code === 'string' && (/^E[A-Z]+$/.test(code) || code.startsWith('57P'))) return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Client was closed/.test(
        message,
      )
    )
      return true;
    current = cause;
  }
  return false;
}
