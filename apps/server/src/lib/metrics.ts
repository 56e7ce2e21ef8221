/**
 * Prometheus metrics (docs/behaviour/operations.md#metrics). One registry per process: counters and
 * histograms are counted where things happen (requests, runs, digests), the database-backed gauges (queue
 * depth, last successful poll per mailbox) are read when /metrics is scraped, so every instance reports the
 * same shared state and Prometheus sums only the counters.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: 'inboxops_http_request_duration_seconds',
  help: 'HTTP request duration by route pattern (not the concrete URL) and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const runsTotal = new Counter({
  name: 'inboxops_runs_total',
  help: 'Runs finished by this process, by source type and outcome (succeeded, failed, ...).',
  labelNames: ['source_type', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const runDuration = new Histogram({
  name: 'inboxops_run_duration_seconds',
  help: 'Duration of the runs finished by this process, from start to finish.',
  labelNames: ['source_type'] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
  registers: [metricsRegistry],
});

export const queueJobs = new Gauge({
  name: 'inboxops_queue_jobs',
  help: 'Jobs in the job queue (shared by every instance), by queue and state.',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
});

export const mailboxLastSuccess = new Gauge({
  name: 'inboxops_mailbox_last_success_timestamp_seconds',
  help: 'When each active mailbox was last polled successfully (Unix time; 0: never).',
  labelNames: ['email_source_id'] as const,
  registers: [metricsRegistry],
});

export const digestsSentTotal = new Counter({
  name: 'inboxops_digests_sent_total',
  help: 'Notification digests sent by this process.',
  registers: [metricsRegistry],
});

/** Counts a finished run; never lets a metrics problem fail the run itself. */
export function countRun(sourceType: string, outcome: string, startedAt: Date, finishedAt: Date): void {
  runsTotal.inc({ source_type: sourceType, outcome });
  runDuration.observe(
    { source_type: sourceType },
    Math.max(0, (finishedAt.getTime() - startedAt.getTime()) / 1000),
  );
}
