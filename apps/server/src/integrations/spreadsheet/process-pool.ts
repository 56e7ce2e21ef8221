/**
 * A small pool of child processes that run one task at a time each, under a heap limit and a time limit.
 *
 * Why processes, not worker threads: a worker thread's heap limit is enforced by terminating the thread
 * when the heap nears the limit, with 16 MB of leeway. A parser that grows one huge array (SheetJS does,
 * on an .xls whose sector chain loops) asks for hundreds of megabytes in one allocation, V8 cannot give
 * them, and a fatal out-of-memory error aborts the whole process, server included. A child process that
 * aborts takes only itself down.
 *
 * Why not a general pool library: the time limit must count from the moment a process starts the task,
 * not from when it was queued (a good file queued behind a slow one must not time out), and a process
 * that fails must be replaced without the caller seeing more than a rejected promise.
 *
 * Protocol: the pool sends the task (structured clone over IPC); the child may send parts of a large result
 * first (`{ part }`, handed to the caller's `onPart` as they arrive, so that no single message is big) and
 * then exactly one message, its result. A child that exits, crashes or is killed while it holds a task fails that task with a
 * WorkerTaskError saying why. Idle children are unreferenced (they never keep the server alive) and
 * stopped after `idleMs`; a child whose parent goes away exits (table-worker.ts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

export interface ProcessPoolOptions {
  entry: URL;
  /** Node options of the child, before the heap limit the pool adds. */
  execArgv: string[];
  maxWorkers: number;
  maxHeapMb: number;
  timeoutMs: number;
  idleMs: number;
}

export type WorkerFailure = 'timeout' | 'memory' | 'crash';

export class WorkerTaskError extends Error {
  override readonly name = 'WorkerTaskError';

  constructor(
    readonly failure: WorkerFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

interface Job {
  message: unknown;
  onPart: ((part: unknown) => void) | undefined;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  child: ChildProcess;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
  /** Set when the pool itself stops the child (time limit, idle, close), so its exit is expected. */
  stopping: 'timeout' | 'idle' | null;
  /** The end of the child's error output: V8 reports a heap exhausted there, before it aborts. */
  stderr: string;
}

const STDERR_TAIL = 4096;
const READER_NICENESS = 10;

export class ProcessPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private closed = false;
  private retiring = false;

  constructor(private readonly options: ProcessPoolOptions) {}

  /** Runs one task; resolves with the child's reply, after handing each part it sent first to `onPart`. */
  run<T>(message: unknown, onPart?: (part: unknown) => void): Promise<T> {
    if (this.closed || this.retiring) return Promise.reject(new Error('The reader is closed.'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ message, onPart, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Child processes that exist now (busy or idle); for tests and figures. */
  get size(): number {
    return this.slots.size;
  }

  /** Takes no more work; what is queued is still read; idle children stop now, busy ones when done. */
  retire(): void {
    this.retiring = true;
    if (this.queue.length === 0)
      for (const slot of this.slots) if (slot.job === null) void this.stop(slot, 'idle');
  }

  /** Stops every child now: running reads fail, queued ones are refused. */
  close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The reader is closed.'));
    return Promise.all([...this.slots].map((slot) => this.stop(slot, 'idle'))).then(() => undefined);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((candidate) => candidate.job === null && candidate.stopping === null);
      if (!slot) {
        if (this.slots.size >= this.options.maxWorkers) return;
        slot = this.spawn();
      }
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    const child = fork(fileURLToPath(this.options.entry), [], {
      execArgv: [...this.options.execArgv, `--max-old-space-size=${this.options.maxHeapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    // Parsing is background work: requests and the database get the CPU first (nice 10, no privilege needed).
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, READER_NICENESS);
      } catch {
        // a platform without priorities: the reader runs at the server's own
      }
    }
    const slot: Slot = { child, job: null, timer: null, idleTimer: null, stopping: null, stderr: '' };
    this.slots.add(slot);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      slot.stderr = (slot.stderr + text).slice(-STDERR_TAIL);
    });
    child.on('message', (reply: { part?: unknown }) => {
      const job = slot.job;
      if (!job) return;
      if (reply && typeof reply === 'object' && 'part' in reply) {
        job.onPart?.(reply.part);
        return;
      }
      this.release(slot);
      job.resolve(reply);
    });
    // A child that cannot be started (or whose channel breaks) ends with 'exit' too, or never had a task.
    child.on('error', (error) => {
      if (slot.job) this.fail(slot, new WorkerTaskError('crash', error.message, { cause: error }));
    });
    // 'close', not 'exit': it comes once the child's error output is read, and V8 says there why it died.
    child.on('close', (code, signal) => {
      this.slots.delete(slot);
      clearTimeout(slot.timer ?? undefined);
      clearTimeout(slot.idleTimer ?? undefined);
      if (slot.job) {
        if (slot.stopping === 'timeout') {
          this.fail(slot, new WorkerTaskError('timeout', `stopped after ${this.options.timeoutMs} ms`));
        } else if (/heap out of memory|Reached heap limit/i.test(slot.stderr)) {
          this.fail(
            slot,
            new WorkerTaskError('memory', `the reader ran out of its ${this.options.maxHeapMb} MB heap`),
          );
        } else {
          const how = signal ? `signal ${signal}` : `code ${code}`;
          const detail = slot.stderr.trim().split('\n').slice(-3).join(' ');
          this.fail(
            slot,
            new WorkerTaskError('crash', `the reader process ended (${how})${detail ? `: ${detail}` : ''}`),
          );
        }
      }
      if (!this.closed) this.dispatch();
    });
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    clearTimeout(slot.idleTimer ?? undefined);
    slot.idleTimer = null;
    slot.job = job;
    reference(slot.child, true);
    slot.timer = setTimeout(() => void this.stop(slot, 'timeout'), this.options.timeoutMs);
    slot.child.send(job.message as never, (error) => {
      if (error && slot.job === job)
        this.fail(slot, new WorkerTaskError('crash', error.message, { cause: error }));
    });
  }

  private release(slot: Slot): void {
    clearTimeout(slot.timer ?? undefined);
    slot.timer = null;
    slot.job = null;
    reference(slot.child, false);
    if (this.retiring && this.queue.length === 0) {
      void this.stop(slot, 'idle');
      return;
    }
    if (this.queue.length > 0) {
      this.dispatch();
      return;
    }
    slot.idleTimer = setTimeout(() => void this.stop(slot, 'idle'), this.options.idleMs);
    slot.idleTimer.unref();
  }

  /** Fails the slot's task (once); the child is not reused. */
  private fail(slot: Slot, error: WorkerTaskError): void {
    clearTimeout(slot.timer ?? undefined);
    const job = slot.job;
    slot.job = null;
    job?.reject(error);
    if (slot.child.exitCode === null && slot.child.signalCode === null) void this.stop(slot, 'idle');
  }

  /** Kills the child (a stuck parser never reads a polite request) and waits for it to be gone. */
  private stop(slot: Slot, reason: 'timeout' | 'idle'): Promise<void> {
    slot.stopping ??= reason;
    const { child } = slot;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      // An idle child is unreferenced; whoever waits for its end must keep the event loop alive meanwhile.
      child.ref();
      child.kill('SIGKILL');
    });
  }
}

/** While a child works its process and channel keep the server's event loop alive; while idle, neither. */
function reference(child: ChildProcess, busy: boolean): void {
  const channel = child.channel as { ref(): void; unref(): void } | null | undefined;
  if (busy) {
    child.ref();
    channel?.ref();
  } else {
    child.unref();
    channel?.unref();
  }
}
