/**
 * IMAP IDLE: a connection per active mailbox that waits for the server to announce new mail and then asks
 * for a poll at once, instead of at the next MAIL_POLL_SECONDS tick. One instance watches a given mailbox
 * (a watcher lease on mailbox_states, renewed while it watches). imapflow does not reconnect: a closed
 * connection is replaced by a new client after a growing pause. A watcher stops when its source is
 * deactivated or deleted, or when the server has no IDLE (the timer polls still cover that mailbox).
 * Watching never reads or flags a message: the mailbox is opened read-only (EXAMINE).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import type { AppContext } from '../../context';
import { openImapClient } from '../../integrations/imap-connection';
import { findEmailSourceById, listActiveMailboxIds } from '../email-sources/repository';
import { mailServerSettings, signInForSource } from '../email-sources/source-connection';
import { INSTANCE_ID } from './instance';
import { acquireWatcherLease, releaseWatcherLease, renewWatcherLease } from './mailbox-leases-repository';

const WATCHER_LEASE_SECONDS = 60;
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 60_000;
/** A server without IDLE is asked again after this long (its settings may change). */
const NO_IDLE_RETRY_MS = 60 * 60_000;

export interface IdleWatcherOptions {
  context: AppContext;
  log: FastifyBaseLogger;
  /** Called when the server announces new mail (and after each (re)connect, to catch what came meanwhile). */
  onNewMail(emailSourceId: number): Promise<void>;
  /** How often the list of active mailboxes is compared with the watched ones. */
  tickMs: number;
}

export class IdleWatchers {
  private readonly watchers = new Map<number, MailboxWatcher>();
  private readonly noIdleUntil = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: IdleWatcherOptions) {}

  start(): void {
    this.runTick();
    this.timer = setInterval(() => this.runTick(), this.options.tickMs);
    this.timer.unref();
  }

  /** Mailboxes this instance is watching now (tests and diagnostics). */
  watching(): number[] {
    return [...this.watchers.keys()];
  }

  private runTick(): void {
    if (this.ticking || this.stopped) return;
    this.ticking = this.tick()
      .catch((error) => this.options.log.warn({ err: error }, 'IDLE watchers: tick failed'))
      .finally(() => {
        this.ticking = undefined;
      });
  }

  private async tick(): Promise<void> {
    const db = this.options.context.db;
    const active = new Set(await listActiveMailboxIds(db));
    for (const [id, watcher] of this.watchers) {
      if (!active.has(id) || watcher.ended) {
        this.watchers.delete(id);
        await watcher.stop();
      }
    }
    const now = Date.now();
    for (const id of active) {
      if (this.stopped) return;
      if (this.watchers.has(id) || (this.noIdleUntil.get(id) ?? 0) > now) continue;
      if (!(await acquireWatcherLease(db, id, INSTANCE_ID, WATCHER_LEASE_SECONDS))) continue;
      const watcher = new MailboxWatcher(id, this.options, () => {
        this.noIdleUntil.set(id, Date.now() + NO_IDLE_RETRY_MS);
      });
      this.watchers.set(id, watcher);
      watcher.start();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking;
    const watchers = [...this.watchers.values()];
    this.watchers.clear();
    await Promise.all(watchers.map((watcher) => watcher.stop()));
  }
}

class MailboxWatcher {
  ended = false;
  private client: ImapFlow | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly emailSourceId: number,
    private readonly options: IdleWatcherOptions,
    private readonly onNoIdle: () => void,
  ) {}

  start(): void {
    this.renewTimer = setInterval(
      () => {
        renewWatcherLease(this.options.context.db, this.emailSourceId, INSTANCE_ID, WATCHER_LEASE_SECONDS)
          .then((held) => {
            if (!held) this.end();
          })
          .catch(() => {});
      },
      (WATCHER_LEASE_SECONDS * 1000) / 3,
    );
    this.renewTimer.unref();
    this.loop = this.watch();
  }

  private end(): void {
    this.ended = true;
    this.client?.close();
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.end();
    clearInterval(this.renewTimer);
    await this.loop;
    await releaseWatcherLease(this.options.context.db, this.emailSourceId, INSTANCE_ID).catch(() => {});
  }

  private async watch(): Promise<void> {
    let backoff = FIRST_BACKOFF_MS;
    while (!this.ended) {
      const startedAt = Date.now();
      try {
        await this.session();
      } catch (error) {
        this.options.log.debug(
          { err: error, emailSourceId: this.emailSourceId },
          'IDLE watcher: connection failed or closed',
        );
      }
      if (this.ended) break;
      // A connection that lasted a while was healthy: start the pauses over.
      if (Date.now() - startedAt > MAX_BACKOFF_MS) backoff = FIRST_BACKOFF_MS;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, backoff);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    }
  }

  /** One connection: sign in, EXAMINE INBOX, IDLE until the connection closes or the watcher stops. */
  private async session(): Promise<void> {
    const { context } = this.options;
    const source = await findEmailSourceById(context.db, this.emailSourceId);
    if (!source?.activeStatus || !(source.passwordEncrypted || source.oauthProvider)) {
      this.ended = true;
      return;
    }
    // An unusable secret fails each poll with the reason; the watcher just retries after its pause.
    const client = await openImapClient(
      mailServerSettings(source, context.config),
      await signInForSource(context, source),
    );
    this.client = client;
    try {
      if (this.ended) return;
      if (!client.capabilities.has('IDLE')) {
        this.onNoIdle();
        this.ended = true;
        return;
      }
      await client.mailboxOpen('INBOX', { readOnly: true });
      client.on('exists', (data: { count: number; prevCount: number }) => {
        if (data.count > data.prevCount) this.notify();
      });
      this.notify();
      while (!this.ended && client.usable) {
        const idleStarted = Date.now();
        await client.idle();
        // idle() returning at once over and over would spin: pause a little.
        if (Date.now() - idleStarted < 100) await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    } finally {
      this.client = undefined;
      client.close();
    }
  }

  private notify(): void {
    this.options.onNewMail(this.emailSourceId).catch((error) => {
      this.options.log.warn(
        { err: error, emailSourceId: this.emailSourceId },
        'IDLE watcher: could not ask for a poll',
      );
    });
  }
}
