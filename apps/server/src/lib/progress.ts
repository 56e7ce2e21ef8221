/**
 * Progress of long work, kept in this process's memory (docs/decisions/0011-progress-in-memory.md): the work
 * runs inside one transaction, so nothing it writes is visible to another connection before it ends, and
 * the embedded database has a single connection that the transaction holds. The request that starts the
 * work names it with a key (PROGRESS_HEADER); GET /api/progress/{key} answers only the user who started it.
 */
import { PROGRESS_HEADER, PROGRESS_KEY_PATTERN, type WorkProgress } from '@app/contracts';
import type { FastifyRequest } from 'fastify';

/** Work that is running or finished within this long is answered; older entries are dropped. */
const KEEP_MS = 2 * 60_000;
/** A bound on memory whatever the clients send. */
const MAX_ENTRIES = 10_000;

interface Entry {
  owner: number;
  progress: WorkProgress;
  touchedAt: number;
}

/**
 * What the work calls as it goes; the total may become known late (after the file is read). A call may
 * pause the work briefly (PAUSE_MS, at most once per PAUSE_EVERY_MS): the embedded database computes on
 * this thread, so without a pause a progress request (its token check runs on the thread pool) would wait
 * for the whole import.
 */
export interface ProgressReporter {
  total(total: number): Promise<void>;
  done(done: number): Promise<void>;
}

const PAUSE_MS = 25;
const PAUSE_EVERY_MS = 200;

export class ProgressBoard {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  start(key: string, owner: number, unit: WorkProgress['unit']): ProgressReporter {
    this.prune();
    const entry: Entry = { owner, progress: { unit, done: 0, total: null }, touchedAt: this.now() };
    this.entries.set(key, entry);
    let pausedAt = 0;
    const update = (progress: WorkProgress) => {
      entry.progress = progress;
      entry.touchedAt = this.now();
      // Dropped meanwhile (the board was full): the work still reports to whoever asks next.
      if (!this.entries.has(key)) this.entries.set(key, entry);
      const now = Date.now();
      if (now - pausedAt < PAUSE_EVERY_MS) return Promise.resolve();
      pausedAt = now;
      return new Promise<void>((resolve) => setTimeout(resolve, PAUSE_MS));
    };
    return {
      total: (total) => update({ ...entry.progress, total, done: Math.min(entry.progress.done, total) }),
      done: (done) => update({ ...entry.progress, done }),
    };
  }

  read(key: string, owner: number): WorkProgress | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.owner !== owner || this.now() - entry.touchedAt > KEEP_MS) return undefined;
    return entry.progress;
  }

  private prune() {
    const now = this.now();
    for (const [key, entry] of this.entries) if (now - entry.touchedAt > KEEP_MS) this.entries.delete(key);
    // Still full: the oldest go first (a Map iterates in insertion order).
    for (const key of this.entries.keys()) {
      if (this.entries.size < MAX_ENTRIES) break;
      this.entries.delete(key);
    }
  }
}

export const progressBoard = new ProgressBoard();

/** The reporter for a request that named its work, else undefined (the work runs the same, unreported). */
export function progressOf(
  request: FastifyRequest,
  unit: WorkProgress['unit'],
): ProgressReporter | undefined {
  const key = request.headers[PROGRESS_HEADER];
  if (typeof key !== 'string' || !PROGRESS_KEY_PATTERN.test(key) || !request.user) return undefined;
  return progressBoard.start(key, request.user.id, unit);
}
