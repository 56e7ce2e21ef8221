import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SftpTestServer, startSftpServer } from '../../../../test-servers/sftp';
import {
  downloadFile,
  listFolder,
  moveFile,
  resolveFolder,
  SftpFailure,
  SftpHostKeyMismatch,
  type SftpSettings,
  uploadFile,
  withSftp,
} from './sftp';

let server: SftpTestServer;
let settings: SftpSettings;

beforeAll(async () => {
  server = await startSftpServer();
  settings = {
    host: server.host,
    port: server.port,
    username: server.username,
    password: server.password,
    expectedHostKey: null,
  };
});
afterAll(async () => {
  await server?.stop();
});

async function failureOf(work: Promise<unknown>): Promise<SftpFailure> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SftpFailure);
  return error as SftpFailure;
}

describe('the OpenSSH test server', () => {
  it('logs the test user in with its password and lands in root', async () => {
    await server.putFile('hello.txt', 'hello');
    const landing = await withSftp(settings, (session) => resolveFolder(session, '.'));
    expect(landing).toBe(server.root);
  });

  it('runs several instances side by side', async () => {
    const others = await Promise.all([startSftpServer(), startSftpServer()]);
    try {
      expect(new Set([server.port, ...others.map((other) => other.port)]).size).toBe(3);
      for (const other of others) {
        await other.putFile('only-here.txt', 'x');
        const entries = await withSftp(
          {
            host: other.host,
            port: other.port,
            username: other.username,
            password: other.password,
            expectedHostKey: null,
          },
          (session) => listFolder(session, '.'),
        );
        expect(entries.map((entry) => entry.name)).toEqual(['only-here.txt']);
      }
    } finally {
      await Promise.all(others.map((other) => other.stop()));
    }
    expect(existsSync(others[0]!.root)).toBe(false);
  });
});

describe('sftp helpers against a real server', () => {
  it('lists a folder sorted by name with types, sizes and times', async () => {
    await server.putFile('listing/b.csv', 'b,1\n');
    await server.putFile('listing/a.xlsx', Buffer.alloc(300, 1));
    await server.makeFolder('listing/archive');
    const entries = await withSftp(settings, (session) => listFolder(session, 'listing'));
    expect(entries.map(({ name, type, size }) => ({ name, type, size }))).toEqual([
      { name: 'a.xlsx', type: 'file', size: 300 },
      { name: 'archive', type: 'directory', size: expect.any(Number) },
      { name: 'b.csv', type: 'file', size: 4 },
    ]);
    expect(Date.parse(entries[0]!.modifiedAt!)).toBeGreaterThan(Date.now() - 3_600_000);
  });

  it('uploads into a new folder, replaces an existing file, and leaves no partial file behind', async () => {
    const first = await withSftp(settings, (session) =>
      uploadFile(session, 'outbound/daily', 'feed.csv', Buffer.from('item,status\n1,Active\n')),
    );
    expect(first).toBe('outbound/daily/feed.csv');
    await withSftp(settings, (session) =>
      uploadFile(session, 'outbound/daily', 'feed.csv', Buffer.from('item,status\n1,Inactive\n')),
    );
    const folder = path.join(server.root, 'outbound/daily');
    expect(readdirSync(folder)).toEqual(['feed.csv']);
    expect(readFileSync(path.join(folder, 'feed.csv'), 'utf8')).toBe('item,status\n1,Inactive\n');
  });

  it('downloads a file byte for byte', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252]);
    await server.putFile('inbound/raw.bin', bytes);
    const content = await withSftp(settings, (session) => downloadFile(session, 'inbound/raw.bin'));
    expect(content.equals(bytes)).toBe(true);
  });

  it('moves a processed file aside and never overwrites an earlier one of the same name', async () => {
    await server.putFile('inbound/stock.csv', 'first');
    const firstMove = await withSftp(settings, (session) =>
      moveFile(session, 'inbound/stock.csv', 'processed'),
    );
    expect(firstMove).toBe('processed/stock.csv');
    await server.putFile('inbound/stock.csv', 'second');
    const secondMove = await withSftp(settings, (session) =>
      moveFile(session, 'inbound/stock.csv', 'processed'),
    );
    expect(secondMove).toMatch(/^processed\/stock\.\d{4}-\d{2}-\d{2}T[\d-]+Z\.csv$/);
    expect(existsSync(path.join(server.root, 'inbound/stock.csv'))).toBe(false);
    expect(readFileSync(path.join(server.root, 'processed/stock.csv'), 'utf8')).toBe('first');
    expect(readFileSync(path.join(server.root, secondMove), 'utf8')).toBe('second');
  });

  it('moves into a folder another connection created after the check (two polls racing on processed/)', async () => {
    await server.putFile('race/stock.csv', 'racing');
    await server.putFile('race-other/processed/.keep', '');
    const moved = await withSftp(settings, (session) => {
      // The other poll creates the folder between this poll's check and its mkdir: this poll's check says
      // "missing" and its mkdir reaches the server (the client's own check inside mkdir is skipped too).
      let checks = 0;
      const racing = new Proxy(session, {
        get(target, property, receiver) {
          if (property === 'exists') {
            return async (remotePath: string) => {
              if (remotePath === 'race-other/processed' && checks++ === 0) return false;
              return target.exists(remotePath);
            };
          }
          if (property === 'mkdir') {
            const raw = target as unknown as { _doMkdir(remotePath: string): Promise<string> };
            return (remotePath: string) => raw._doMkdir(remotePath);
          }
          const value = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      return moveFile(racing, 'race/stock.csv', 'race-other/processed');
    });
    expect(moved).toBe('race-other/processed/stock.csv');
    expect(readFileSync(path.join(server.root, moved), 'utf8')).toBe('racing');
  });

  it('reports a wrong password, a closed port and a missing folder in words an operator can act on', async () => {
    const auth = await failureOf(withSftp({ ...settings, password: 'not-the-password' }, async () => {}));
    expect(auth.kind).toBe('auth');
    expect(auth.message).toBe(
      `Could not sign in to 127.0.0.1:${server.port} as "${server.username}": authentication failed.`,
    );

    const closedPort = await freePortNobodyListensOn();
    const refused = await failureOf(withSftp({ ...settings, port: closedPort }, async () => {}));
    expect(refused.kind).toBe('refused');
    expect(refused.message).toBe(
      `Could not connect to 127.0.0.1:${closedPort}: connection refused (check the server address and port, and that the server is running).`,
    );

    const missing = await failureOf(withSftp(settings, (session) => listFolder(session, 'no-such-folder')));
    expect(missing.kind).toBe('not-found');
    expect(missing.message).toBe('"no-such-folder" was not found on the SFTP server');
  });
});

describe('host keys', () => {
  it('hands over the key fingerprint exactly as ssh-keygen prints it, and accepts the expected key', async () => {
    const fingerprint = await server.hostKey();
    expect(fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(await withSftp(settings, async (_session, info) => info.hostKey)).toBe(fingerprint);
    expect(await withSftp({ ...settings, expectedHostKey: fingerprint }, async () => 'in')).toBe('in');
  });

  it('refuses another key before signing in, naming both fingerprints', async () => {
    const fingerprint = await server.hostKey();
    const recorded = 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    let ran = false;
    const failure = await failureOf(
      withSftp({ ...settings, expectedHostKey: recorded }, async () => {
        ran = true;
      }),
    );
    expect(ran).toBe(false);
    expect(failure).toBeInstanceOf(SftpHostKeyMismatch);
    expect(failure.kind).toBe('host-key');
    expect(failure.message).toContain(`presented the host key ${fingerprint}`);
    expect(failure.message).toContain(`the key recorded for it is ${recorded}`);
    expect(failure.message).toContain('the password was not sent');
  });
});

describe('what answers on the port, in fixed words (never its banner)', () => {
  it('not an SSH server, timed out, closed', async () => {
    const banner = await loopbackServer((socket) => socket.write('SECRET-BANNER internal-db 9.1 ready\r\n'));
    const silent = await loopbackServer(() => {});
    const slammed = await loopbackServer((socket) => socket.destroy());
    const quick = { ...settings, readyTimeoutMs: 1_000 };
    try {
      const notSsh = await failureOf(withSftp({ ...quick, port: banner.port }, async () => {}));
      expect(notSsh.message).toBe(`Could not connect to 127.0.0.1:${banner.port}: not an SSH server.`);
      const timedOut = await failureOf(withSftp({ ...quick, port: silent.port }, async () => {}));
      expect(timedOut.kind).toBe('timeout');
      expect(timedOut.message).toBe(
        `Could not connect to 127.0.0.1:${silent.port}: timed out (no answer within 1 s).`,
      );
      const closed = await failureOf(withSftp({ ...quick, port: slammed.port }, async () => {}));
      expect(closed.message).toBe(
        `Could not connect to 127.0.0.1:${slammed.port}: the server closed the connection.`,
      );
      for (const failure of [notSsh, timedOut, closed])
        expect(failure.message).not.toContain('SECRET-BANNER');
    } finally {
      await Promise.all([banner.close(), silent.close(), slammed.close()]);
    }
  });
});

/** A TCP server on a loopback port that does `onConnection` with each client; close() ends every socket. */
async function loopbackServer(
  onConnection: (socket: Socket) => void,
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const tcp = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    onConnection(socket);
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  return {
    port: (tcp.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        tcp.close(() => resolve());
      }),
  };
}

async function freePortNobodyListensOn(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
