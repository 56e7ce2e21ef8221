/**
 * Small TCP servers on loopback ports that stand in for what a user could point a source at: a mail server
 * that keeps every byte it receives (to prove a stored password never reaches it), a service that answers
 * with its own banner, one that never answers, one that closes at once, and mail servers whose STARTTLS is
 * not TLS. Real mail servers (Dovecot, OpenSSH, the SMTP catcher) live in test-servers/.
 */
import { createServer, type Socket } from 'node:net';

export interface FakeServer {
  host: '127.0.0.1';
  port: number;
  /** How many connections were accepted. */
  connections(): number;
  /** Everything clients sent, as text. */
  received(): string;
  /** Whether `secret` arrived, as sent or inside a base64 token (SASL PLAIN and LOGIN encode it). */
  receivedSecret(secret: string): boolean;
  /** Forgets the connections and bytes so far. */
  reset(): void;
  close(): Promise<void>;
}

type Reply = (line: string, socket: Socket) => void;

/**
 * A line-based server: `greet` runs on connect, `reply` on every line a client sends. Every byte received
 * is kept.
 */
export async function startFakeServer(options: {
  greet?: (socket: Socket) => void;
  reply?: Reply;
  /** Sees every chunk first; returning true keeps it from the line handling. */
  raw?: (chunk: Buffer, socket: Socket) => boolean;
}): Promise<FakeServer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  let received = '';
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    let pending = '';
    socket.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      received += text;
      if (options.raw?.(chunk, socket)) return;
      pending += text;
      let end = pending.indexOf('\n');
      while (end >= 0) {
        const line = pending.slice(0, end).replace(/\r$/, '');
        pending = pending.slice(end + 1);
        options.reply?.(line, socket);
        end = pending.indexOf('\n');
      }
    });
    options.greet?.(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    host: '127.0.0.1',
    port,
    connections: () => connections,
    received: () => received,
    receivedSecret(secret) {
      if (received.includes(secret)) return true;
      const tokens = received.split(/[\s"]+/).filter((token) => /^[A-Za-z0-9+/=]{4,}$/.test(token));
      return tokens.some((token) => Buffer.from(token, 'base64').toString('latin1').includes(secret));
    },
    reset() {
      connections = 0;
      received = '';
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An IMAP server that offers plain LOGIN and AUTH=PLAIN, keeps what it is sent and refuses every sign-in. */
export function startRecordingImap(): Promise<FakeServer> {
  // AUTHENTICATE without an initial response gets a '+' and the credentials on the next line.
  const authenticating = new WeakMap<Socket, string>();
  return startFakeServer({
    greet: (socket) => socket.write('* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN AUTH=LOGIN] recorder ready\r\n'),
    reply(line, socket) {
      const refuse = (tag: string) => socket.write(`${tag} NO [AUTHENTICATIONFAILED] recorder says no\r\n`);
      const pendingTag = authenticating.get(socket);
      if (pendingTag) {
        authenticating.delete(socket);
        refuse(pendingTag);
        return;
      }
      const [tag = '*', command = '', ...rest] = line.split(' ');
      if (/^CAPABILITY$/i.test(command)) {
        socket.write(`* CAPABILITY IMAP4rev1 AUTH=PLAIN AUTH=LOGIN\r\n${tag} OK done\r\n`);
      } else if (/^AUTHENTICATE$/i.test(command) && rest.length === 1) {
        authenticating.set(socket, tag);
        socket.write('+ \r\n');
      } else if (/^(LOGIN|AUTHENTICATE)$/i.test(command)) {
        refuse(tag);
      } else if (/^LOGOUT$/i.test(command)) {
        socket.write(`* BYE\r\n${tag} OK bye\r\n`);
        socket.end();
      } else {
        socket.write(`${tag} BAD recorder does not know that\r\n`);
      }
    },
  });
}

/** An SMTP server that offers AUTH PLAIN and LOGIN, keeps what it is sent and refuses every sign-in. */
export function startRecordingSmtp(): Promise<FakeServer> {
  // AUTH LOGIN asks for the user name, then the password, on lines of their own.
  const loginSteps = new WeakMap<Socket, number>();
  return startFakeServer({
    greet: (socket) => socket.write('220 recorder ESMTP\r\n'),
    reply(line, socket) {
      const loginStep = loginSteps.get(socket) ?? 0;
      if (loginStep === 1) {
        loginSteps.set(socket, 2);
        socket.write('334 UGFzc3dvcmQ6\r\n');
      } else if (loginStep === 2) {
        loginSteps.set(socket, 0);
        socket.write('535 5.7.8 recorder says no\r\n');
      } else if (/^(EHLO|HELO)/i.test(line)) {
        socket.write('250-recorder\r\n250 AUTH PLAIN LOGIN\r\n');
      } else if (/^AUTH LOGIN/i.test(line)) {
        loginSteps.set(socket, 1);
        socket.write('334 VXNlcm5hbWU6\r\n');
      } else if (/^AUTH/i.test(line)) {
        socket.write('535 5.7.8 recorder says no\r\n');
      } else if (/^QUIT/i.test(line)) {
        socket.write('221 bye\r\n');
        socket.end();
      } else {
        socket.write('502 recorder does not know that\r\n');
      }
    },
  });
}

export const BANNER = 'SECRET-BANNER internal-service 7.3 (do not show this to users)';

/** Something other than a mail or SSH server: it greets with its own banner and ignores what it is sent. */
export function startBannerServer(): Promise<FakeServer> {
  return startFakeServer({ greet: (socket) => socket.write(`${BANNER}\r\n`) });
}

/** Accepts connections and never says a word. */
export function startSilentServer(): Promise<FakeServer> {
  return startFakeServer({});
}

/** Accepts a connection and closes it at once. */
export function startSlammingServer(): Promise<FakeServer> {
  return startFakeServer({ greet: (socket) => socket.destroy() });
}

/** Offers STARTTLS, agrees to it, and then answers the client's TLS hello in clear text. */
export function startBrokenStarttls(protocol: 'IMAP' | 'SMTP'): Promise<FakeServer> {
  const upgrading = new WeakSet<Socket>();
  const raw = (_chunk: Buffer, socket: Socket) => {
    if (!upgrading.has(socket)) return false;
    upgrading.delete(socket);
    socket.write(`${BANNER} - this is not TLS\r\n`);
    return true;
  };
  if (protocol === 'IMAP') {
    return startFakeServer({
      raw,
      greet: (socket) => socket.write(`* OK [CAPABILITY IMAP4rev1 STARTTLS LOGINDISABLED] ${BANNER}\r\n`),
      reply(line, socket) {
        const [tag = '*', command = ''] = line.split(' ');
        if (/^STARTTLS$/i.test(command)) {
          upgrading.add(socket);
          socket.write(`${tag} OK begin TLS now\r\n`);
        } else if (/^CAPABILITY$/i.test(command)) {
          socket.write(`* CAPABILITY IMAP4rev1 STARTTLS LOGINDISABLED\r\n${tag} OK done\r\n`);
        } else {
          socket.write(`${tag} BAD ${BANNER}\r\n`);
        }
      },
    });
  }
  return startFakeServer({
    raw,
    greet: (socket) => socket.write(`220 ${BANNER}\r\n`),
    reply(line, socket) {
      if (/^(EHLO|HELO)/i.test(line)) socket.write(`250-${BANNER}\r\n250 STARTTLS\r\n`);
      else if (/^STARTTLS/i.test(line)) {
        upgrading.add(socket);
        socket.write('220 go ahead\r\n');
      } else socket.write(`502 ${BANNER}\r\n`);
    },
  });
}

/** A loopback port nothing listens on (bound, then released). */
export function closedLoopbackPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
