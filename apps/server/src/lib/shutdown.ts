import type { FastifyBaseLogger } from 'fastify';

/**
 * Graceful shutdown on SIGTERM/SIGINT (docs/behaviour/operations.md#graceful-shutdown): the steps run in
 * order and the process exits 0 when they are done. A step still running after `limitMs` (a job that does
 * not stop, a connection that does not close) makes the process exit 1 instead, naming that step, so that
 * a supervisor's own kill (systemd's TimeoutStopSec, Kubernetes' 30 s grace) is never what ends it.
 */
export interface ShutdownStep {
  name: string;
  run(): Promise<unknown>;
}

export const SHUTDOWN_LIMIT_MS = 25_000;
/**
 * How long running jobs (an SFTP transfer, an order page in Chromium, a digest being sent) may take to
 * finish; mail polls do not wait for it, they are abandoned at once. pg-boss then fails what is left, and
 * retries it elsewhere.
 */
export const JOBS_STOP_MS = 15_000;

export function stopOnSignals(
  log: FastifyBaseLogger,
  steps: () => ShutdownStep[],
  options: { limitMs?: number; exit?: (code: number) => void } = {},
): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const shutdown = async (signal: string) => {
    // A second signal (Ctrl-C pressed twice) does not start a second shutdown.
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log.info(`${signal} received, shutting down`);
    let current = 'start';
    const limit = setTimeout(() => {
      log.error(
        { step: current },
        `shutdown did not finish within ${options.limitMs ?? SHUTDOWN_LIMIT_MS} ms`,
      );
      exit(1);
    }, options.limitMs ?? SHUTDOWN_LIMIT_MS);
    limit.unref();
    for (const step of steps()) {
      current = step.name;
      try {
        await step.run();
      } catch (error) {
        // One part failing to close must not keep the others open.
        log.error({ err: error, step: step.name }, 'shutdown step failed');
      }
    }
    clearTimeout(limit);
    log.info({ ms: Date.now() - started }, 'shut down');
    exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
