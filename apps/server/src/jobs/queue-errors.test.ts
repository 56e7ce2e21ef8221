import { describe, expect, it } from 'vitest';
import { QueueErrorCollapser } from './queue-errors';

/** A logger that keeps each line's level and message. */
function recordingLog() {
  const lines: Array<{ level: 'error' | 'info'; message: string; object: Record<string, unknown> }> = [];
  return {
    lines,
    error: (object: object, message: string) =>
      lines.push({ level: 'error', message, object: object as Record<string, unknown> }),
    info: (object: object, message: string) =>
      lines.push({ level: 'info', message, object: object as Record<string, unknown> }),
  };
}

// What pg-boss emits while its database is away: pg's own errors, some with pg-boss's queue suffix.
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const terminated = new Error('Connection terminated unexpectedly (Queue: mail-poll, Worker: 1b2c)');
const timeout = new Error('timeout exceeded when trying to connect');
const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
  code: '57P01',
});
// pg-boss's own, when its LISTEN connection stops answering during a network cut.
const heartbeat = new Error('LISTEN/NOTIFY heartbeat timed out');
const refusedStatement = Object.assign(new Error('relation "pgboss.job" does not exist'), { code: '42P01' });

describe('the job queue errors of one outage', () => {
  it('are one line when the database goes and one when the queue is back, with the count and the length', () => {
    const log = recordingLog();
    const queue = new QueueErrorCollapser(log);
    const errors = [shutdown, terminated, refused, timeout, heartbeat];
    // 150 errors over 20 s (the rate one process saw in the soak), the database checked every second.
    for (let index = 0; index < 150; index += 1) queue.error(errors[index % errors.length], index * 133);
    for (let at = 1_000; at <= 20_000; at += 1_000) queue.check(at, false);
    expect(log.lines.map((line) => line.message)).toEqual(['job queue lost its database; retrying']);
    expect(log.lines[0]!.object.err).toBe(shutdown);
    // The database answers at 21 s; the queue's last error came at 19.8 s; quiet for 5 s ends it.
    for (let at = 21_000; at < 24_800; at += 1_000) queue.check(at, true);
    expect(queue.away).toBe(true);
    queue.check(25_000, true);
    expect(queue.away).toBe(false);
    expect(log.lines.map((line) => line.message)).toEqual([
      'job queue lost its database; retrying',
      'job queue back after 21 s, 150 errors',
    ]);
    expect(log.lines[1]).toMatchObject({ level: 'info', object: { errors: 150, seconds: 21 } });
  });

  it('an error after the database answered again keeps the outage open, and the next one is a new line', () => {
    const log = recordingLog();
    const queue = new QueueErrorCollapser(log);
    queue.error(refused, 0);
    queue.check(1_000, true);
    // pg-boss's pool still held a dead connection: one more error, so "back" waits for 5 quiet seconds again.
    queue.error(terminated, 3_000);
    queue.check(7_000, true);
    expect(queue.away).toBe(true);
    queue.check(8_000, true);
    expect(log.lines.map((line) => line.message)).toEqual([
      'job queue lost its database; retrying',
      'job queue back after 7 s, 2 errors',
    ]);
    // A second outage later is reported on its own.
    queue.error(shutdown, 100_000);
    queue.check(110_000, true);
    expect(log.lines.map((line) => line.message).slice(2)).toEqual([
      'job queue lost its database; retrying',
      'job queue back after 10 s, 1 error',
    ]);
  });

  it('a fault that goes on is logged again every minute with the count so far and the latest error', () => {
    const log = recordingLog();
    const queue = new QueueErrorCollapser(log);
    for (let at = 0; at <= 150_000; at += 500) {
      queue.error(at % 1_000 === 0 ? refused : timeout, at);
      if (at % 1_000 === 0) queue.check(at, false);
    }
    expect(log.lines.map((line) => line.message)).toEqual([
      'job queue lost its database; retrying',
      'job queue still without its database after 60 s, 121 errors',
      'job queue still without its database after 120 s, 241 errors',
    ]);
    expect(log.lines[1]).toMatchObject({
      level: 'error',
      object: { errors: 121, seconds: 60, err: refused },
    });
    expect(queue.away).toBe(true);
  });

  it('no error for a minute while the database stays away is still reminded of (the checks carry it)', () => {
    const log = recordingLog();
    const queue = new QueueErrorCollapser(log);
    queue.error(refused, 0);
    for (let at = 1_000; at <= 61_000; at += 1_000) queue.check(at, false);
    expect(log.lines.map((line) => line.message)).toEqual([
      'job queue lost its database; retrying',
      'job queue still without its database after 60 s, 1 error',
    ]);
  });

  it('connection errors that go on while the database answers are reminded of as such, never ended', () => {
    const log = recordingLog();
    const queue = new QueueErrorCollapser(log);
    for (let at = 0; at <= 61_000; at += 1_000) {
      queue.error(terminated, at);
      queue.check(at + 500, true);
    }
    expect(queue.away).toBe(true);
    expect(log.lines.map((line) => line.message)).toEqual([
      'job queue lost its database; retrying',
      'job queue errors go on after 60 s although the database answers, 61 errors',
    ]);
  });

  it('any other error is logged each time, also during an outage, and is not counted in it', () => {
    const log = recordingLog();
    const queue = new QueueErrorCollapser(log);
    queue.error(refusedStatement, 0);
    queue.error(refusedStatement, 10);
    queue.error(refused, 20);
    queue.error(refusedStatement, 30);
    queue.check(6_000, true);
    expect(log.lines.map((line) => `${line.level} ${line.message}`)).toEqual([
      'error job queue error',
      'error job queue error',
      'error job queue lost its database; retrying',
      'error job queue error',
      'info job queue back after 6 s, 1 error',
    ]);
    expect(log.lines[0]!.object.err).toBe(refusedStatement);
  });
});
