/**
 * How many order exports run at once (docs/behaviour/order-tracking.md#export, docs/design/security.md): at
 * most `running` in this process, the next ones waiting their turn (at most `waiting` of them), and at most
 * `perUser` of one user's exports running or waiting, whether asked with a session or with one of the user's
 * API tokens. An export past either bound is answered 429 with Retry-After before anything is read. The
 * bounds are per process because what they protect is: the embedded database's one connection, the
 * export threads' memory.
 */
import { AppError } from '../../lib/app-error';

export interface ExportLimits {
  running: number;
  waiting: number;
  perUser: number;
  /** Sent as Retry-After with a 429: about how long a waiting export takes to get its turn. */
  retryAfterSeconds: number;
}

export const EXPORT_LIMITS: ExportLimits = { running: 2, waiting: 32, perUser: 2, retryAfterSeconds: 30 };

/** A waiting export: started when a running one ends, or dropped when its download is closed first. */
interface Waiter {
  userId: number;
  start: () => void;
}

export class ExportGate {
  #running = 0;
  readonly #waiting: Waiter[] = [];
  /** Exports running or waiting, per user. */
  readonly #perUser = new Map<number, number>();

  constructor(readonly limits: ExportLimits = EXPORT_LIMITS) {}

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Waits for the export's turn; answers the function that ends it (call it once, however the export ends).
   * Throws 429 at once when the user has `perUser` exports already or `waiting` exports wait; an abort of
   * `closed` while waiting gives the place up and rejects.
   */
  async admit(userId: number, closed: AbortSignal): Promise<() => void> {
    const { limits } = this;
    const mine = this.#perUser.get(userId) ?? 0;
    if (mine >= limits.perUser) {
      throw AppError.tooManyRequests(
        `You already have ${limits.perUser} exports under way. Please wait for one to finish, or try again in ${limits.retryAfterSeconds} seconds.`,
        limits.retryAfterSeconds,
      );
    }
    const mustWait = this.#running >= limits.running;
    if (mustWait && this.#waiting.length >= limits.waiting) {
      throw AppError.tooManyRequests(
        `Too many exports are under way. Please try again in ${limits.retryAfterSeconds} seconds.`,
        limits.retryAfterSeconds,
      );
    }
    this.#perUser.set(userId, mine + 1);
    if (mustWait) await this.#wait(userId, closed);
    else this.#running += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#leave(userId);
      // The turn passes straight to the next waiting export, or is freed.
      const next = this.#waiting.shift();
      if (next) next.start();
      else this.#running -= 1;
    };
  }

  #wait(userId: number, closed: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        userId,
        start: () => {
          closed.removeEventListener('abort', onClosed);
          resolve();
        },
      };
      const onClosed = () => {
        const at = this.#waiting.indexOf(waiter);
        if (at === -1) return;
        this.#waiting.splice(at, 1);
        this.#leave(userId);
        reject(new Error('The download was closed while it waited'));
      };
      if (closed.aborted) {
        this.#leave(userId);
        reject(new Error('The download was closed while it waited'));
        return;
      }
      closed.addEventListener('abort', onClosed, { once: true });
      this.#waiting.push(waiter);
    });
  }

  #leave(userId: number) {
    const left = (this.#perUser.get(userId) ?? 1) - 1;
    if (left > 0) this.#perUser.set(userId, left);
    else this.#perUser.delete(userId);
  }
}

/** The process's gate: every export route of this process shares it. */
export const exportGate = new ExportGate();
