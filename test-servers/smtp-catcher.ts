import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  envelopeFrom: string;
  envelopeTo: string[];
  parsed: ParsedMail;
  raw: Buffer;
}

export interface SmtpCatcher {
  host: string;
  port: number;
  user: string;
  password: string;
  messages: CaughtMail[];
  /** Resolves when at least `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<CaughtMail[]>;
  /**
   * A slow server: from now on the answer to each message's data is held back (the client keeps waiting,
   * the message is not in `messages` yet) until the returned function is called.
   */
  hold(): () => void;
  /**
   * A relay that refuses: from now on each message's data is answered with `code` (4xx: try later, 5xx:
   * never) and not kept, until the returned function is called. `refusedCount` counts the refusals.
   */
  refuse(code: number): () => void;
  readonly refusedCount: number;
  /** How many messages are waiting for their held answer. */
  readonly heldCount: number;
  /** Resolves when at least `count` messages are waiting for a held answer. */
  waitForHeld(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a loopback port that keeps what it receives, with AUTH PLAIN/LOGIN required,
 * so tests see exactly what a mail client would send.
 */
export async function startSmtpCatcher(
  options: {
    user?: string;
    password?: string;
    /** Default: any free port. */
    port?: number;
    /**
     * Also accept XOAUTH2: the access token is checked at this introspection endpoint (RFC 7662,
     * test-servers/oauth-provider.ts) and must be live and belong to the user who signs in.
     */
    oauth2?: { introspectionUrl: string };
  } = {},
): Promise<SmtpCatcher> {
  const user = options.user ?? 'mailer';
  const password = options.password ?? 'mailer-secret';
  const messages: CaughtMail[] = [];
  const waiters: Array<() => void> = [];
  const wakeWaiters = () => {
    for (const wake of waiters.splice(0)) wake();
  };
  let holding = false;
  let refusing: number | null = null;
  let refusedCount = 0;
  const heldAnswers: Array<() => void> = [];
  const releaseHeld = () => {
    holding = false;
    for (const answer of heldAnswers.splice(0)) answer();
  };
  const waitUntil = async (done: () => boolean, timeoutMs: number, failure: () => string) => {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(failure());
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    authMethods: options.oauth2 ? ['PLAIN', 'LOGIN', 'XOAUTH2'] : ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.method === 'XOAUTH2' && options.oauth2) {
        tokenOwner(options.oauth2.introspectionUrl, auth.accessToken ?? '').then(
          (owner) =>
            owner !== undefined && owner.toLowerCase() === auth.username?.toLowerCase()
              ? callback(null, { user: owner })
              : callback(null, { data: { status: '401', schemes: 'bearer' } }),
          (error: Error) => callback(error),
        );
        return;
      }
      if (auth.username === user && auth.password === password) return callback(null, { user });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks);
        if (refusing !== null) {
          refusedCount += 1;
          const refusal = Object.assign(new Error(`Refused for the test (${refusing})`), {
            responseCode: refusing,
          });
          return callback(refusal);
        }
        const mail: CaughtMail = {
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          parsed: await simpleParser(raw),
          raw,
        };
        const answer = () => {
          messages.push(mail);
          wakeWaiters();
          callback();
        };
        if (!holding) return answer();
        heldAnswers.push(answer);
        wakeWaiters();
      });
    },
  });
  // A client that goes away mid-session (a process killed with -9 in the soak, a test's socket destroyed) resets
  // its connection; smtp-server reports that as an 'error' event on the server, which would end the whole test
  // process unheard. A relay shrugs such a connection off, and so does the catcher: what counts is mail caught.
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    messages,
    async waitFor(count, timeoutMs = 10_000) {
      await waitUntil(
        () => messages.length >= count,
        timeoutMs,
        () => `expected ${count} mails, got ${messages.length}`,
      );
      return messages;
    },
    hold() {
      holding = true;
      return releaseHeld;
    },
    refuse(code) {
      refusing = code;
      return () => {
        refusing = null;
      };
    },
    get refusedCount() {
      return refusedCount;
    },
    get heldCount() {
      return heldAnswers.length;
    },
    async waitForHeld(count, timeoutMs = 10_000) {
      await waitUntil(
        () => heldAnswers.length >= count,
        timeoutMs,
        () => `expected ${count} held mails, got ${heldAnswers.length}`,
      );
    },
    close: () => {
      releaseHeld();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whose the token is, by the provider's introspection; undefined when it is not live. */
async function tokenOwner(introspectionUrl: string, token: string): Promise<string | undefined> {
  const response = await fetch(introspectionUrl, { method: 'POST', body: new URLSearchParams({ token }) });
  const answer = (await response.json()) as { active?: boolean; username?: string };
  return answer.active === true ? answer.username : undefined;
}

/** The env the app's system sender needs to send through this catcher. */
export function smtpEnv(catcher: SmtpCatcher): Record<string, string> {
  return {
    SMTP_HOST: catcher.host,
    SMTP_PORT: String(catcher.port),
    SMTP_SECURE: 'false',
    SMTP_USER: catcher.user,
    SMTP_PASSWORD: catcher.password,
    MAIL_FROM: 'Inbox Ops <system@example.com>',
  };
}
