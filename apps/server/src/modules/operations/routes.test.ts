import { createDatabase } from '@app/db';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEmailSource } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { startJobs } from '../../jobs/queue';
import { recordRun } from '../runs/repository';

const TOKEN = 'metrics-token-0123456789abcdef';
const METRIC_NAMES = [
  'inboxops_http_request_duration_seconds',
  'inboxops_runs_total',
  'inboxops_run_duration_seconds',
  'inboxops_queue_jobs',
  'inboxops_mailbox_last_success_timestamp_seconds',
  'inboxops_digests_sent_total',
  // prom-client's default process metrics
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t.close();
});

describe('GET /ready', () => {
  it('is 503 until the job queue is started, 200 while it runs, 503 again once it stops', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({
      status: 'not ready',
      checks: { database: 'ok', migrations: 'ok', queue: 'failed' },
    });

    const jobs = await startJobs(t.db, pino({ level: 'silent' }), { context: t.app.context, idle: false });
    try {
      const running = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(running.statusCode).toBe(200);
      expect(running.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', queue: 'ok' },
      });
    } finally {
      await jobs.stop({ graceful: true, timeoutMs: 5_000 });
    }
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(503);
    // /health stays the liveness check: the process and its database are fine.
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  }, 60_000);

  it('counts migrations not yet applied', async () => {
    const fresh = await createDatabase({ dataDir: 'memory://' });
    try {
      expect(await fresh.pendingMigrations()).toBeGreaterThan(0);
      await fresh.migrate();
      expect(await fresh.pendingMigrations()).toBe(0);
    } finally {
      await fresh.close();
    }
  }, 60_000);
});

describe('GET /metrics', () => {
  it('refuses a request without the bearer token, or with another one, even from a signed-in admin', async () => {
    const admin = await t.signIn({ username: 'metrics-admin', isAdmin: true });
    for (const headers of [
      {},
      { authorization: 'Bearer not-the-token-0123456789' },
      { authorization: TOKEN },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      admin.session.headers,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('inboxops_');
    }
  });

  it('answers Prometheus text with every metric to the right token', async () => {
    const mailbox = await insertEmailSource(t.db.db, {
      username: 'metrics@shop.example',
      email: 'metrics@shop.example',
      incomingServer: '127.0.0.1',
      incomingPort: 1,
      lastPollSucceededAt: new Date('2026-11-24T10:00:00Z'),
    });
    await recordRun(
      t.db.db,
      { sourceType: 'email', sourceId: mailbox!.id, sourceName: 'metrics', trigger: 'schedule' },
      { status: 'succeeded' },
    );
    await t.app.inject({ method: 'GET', url: '/health' });

    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of METRIC_NAMES) expect(response.body).toContain(`# TYPE ${name} `);
    expect(response.body).toMatch(
      /inboxops_http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} [1-9]/,
    );
    expect(response.body).toMatch(/inboxops_runs_total\{source_type="email",outcome="succeeded"\} [1-9]/);
    expect(response.body).toContain(
      `inboxops_mailbox_last_success_timestamp_seconds{email_source_id="${mailbox!.id}"} ${Date.parse('2026-11-24T10:00:00Z') / 1000}`,
    );
    // The queue's schema exists once pg-boss has started (the readiness test above started it).
    expect(response.body).toMatch(/inboxops_queue_jobs\{queue="[\w-]+",state="\w+"\} \d+/);
  });

  it('is not there without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('inboxops_');
    } finally {
      await plain.close();
    }
  });

  it('refuses a METRICS_TOKEN too short to be a secret', async () => {
    await expect(createTestApp({ env: { METRICS_TOKEN: 'short' } })).rejects.toThrow(
      /METRICS_TOKEN must be at least 16 characters/,
    );
  });
});
