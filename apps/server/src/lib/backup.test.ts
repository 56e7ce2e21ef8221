/**
 * `npm run backup` / `npm run restore` on the embedded database, run as those scripts run them (the built
 * entry points, test/processes.ts): a backup from a running process (over its socket) and one with no process
 * running, each restored into a fresh DATA_DIR, opened, and its stored secrets opened with the restored key.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, type Database, schema } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEmailSource } from '../../test/factories';
import { sealedMailboxPassword } from '../../test/helper';
import { builtEntry, REPO_ROOT, runToEnd as run } from '../../test/processes';
import { loadConfig } from '../config/env';
import { openMailboxSecret } from '../modules/email-sources/source-connection';
import { createBackup, describeKey, listenForBackups, readBackup } from './backup';
import { createSecretBox } from './secrets';

const MAILBOX_PASSWORD = 'imap-password-kept-sealed';
const root = mkdtempSync(path.join(tmpdir(), 'inbox-ops-backup-'));
const live = path.join(root, 'live');

/** A mailbox whose stored password must still open after a restore (it is sealed to these settings). */
function mailboxSettings(address: string) {
  return { username: address, email: address, incomingServer: 'imap.shop.example', incomingPort: 993 };
}

/** The commands docs/deploying.md gives, from the repository root, as the root package.json's scripts run them. */
const COMMAND_SCRIPTS = {
  backup: 'node --enable-source-maps apps/server/dist/backup.js',
  restore: 'node --enable-source-maps apps/server/dist/restore.js',
} as const;

/** `npm run <command> -- <args>`: the same entry point of the tests' own build, without npm in between. */
function command(name: keyof typeof COMMAND_SCRIPTS, args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--enable-source-maps', builtEntry(name), ...args], env);
}

let database: Database;
let socket: Server;
let secretKey: string;
let emailSourceId: number;

/** Opens a restored DATA_DIR as the server would and checks what the backup held. */
async function expectRestored(dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  expect(config.secretKey).toBe(secretKey);
  const restored = await createDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    expect(await restored.pendingMigrations()).toBe(0);
    await restored.migrate();
    const [row] = await restored.db
      .select()
      .from(schema.emailSources)
      .where(eq(schema.emailSources.id, emailSourceId));
    expect(row?.username).toBe('backup@shop.example');
    expect(openMailboxSecret(createSecretBox(config.secretKey), row!)).toEqual({
      ok: true,
      secret: MAILBOX_PASSWORD,
    });
  } finally {
    await restored.close();
  }
}

const serverUrl = process.env.TEST_DATABASE_URL;
afterAll(() => rmSync(root, { recursive: true, force: true }));

// The embedded database only: the PostgreSQL run of this file covers pg_dump and pg_restore below.
describe.skipIf(serverUrl)('backup and restore of the embedded database', () => {
  beforeAll(async () => {
    // As on a first start: the key is created in DATA_DIR, the database migrated.
    const config = loadConfig({ DATA_DIR: live, LOG_LEVEL: 'silent' });
    secretKey = config.secretKey;
    socket = await listenForBackups(
      live,
      () => createBackup(database.pglite!, describeKey(live, secretKey)),
      {
        error: () => {},
      },
    );
    database = await createDatabase({ dataDir: path.join(live, 'pglite') });
    await database.migrate();
    const mailbox = mailboxSettings('backup@shop.example');
    const row = await insertEmailSource(database.db, {
      ...mailbox,
      passwordEncrypted: sealedMailboxPassword(createSecretBox(secretKey), mailbox, MAILBOX_PASSWORD),
    });
    emailSourceId = row!.id;
  }, 120_000);

  afterAll(async () => {
    socket?.close();
    await database?.close().catch(() => {});
  });

  it('npm run backup and npm run restore start those entry points of the build', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    expect({ backup: scripts.backup, restore: scripts.restore }).toEqual(COMMAND_SCRIPTS);
  });

  it('backs up a running process through its socket, and restores into an empty DATA_DIR', async () => {
    const file = path.join(root, 'running.backup');
    const backup = await command('backup', ['--out', file], { DATA_DIR: live });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('taken from the running server');
    expect(backup.output).toMatch(/the secret key \(fingerprint [0-9a-f]{16}\) is inside it/);
    expect(readBackup(readFileSync(file)).header.secretKey).toBe(secretKey);

    const target = path.join(root, 'restored-running');
    const restore = await command('restore', ['--in', file], { DATA_DIR: target });
    expect(restore.code, restore.output).toBe(0);
    await expectRestored(target);

    // Nothing is overwritten: the same restore again is refused and leaves the directory as it was.
    const again = await command('restore', ['--in', file], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.output).toContain('already holds a database or a secret key');
    await expectRestored(target);
  }, 300_000);

  it('keeps a second process off a DATA_DIR that one has open', async () => {
    await expect(listenForBackups(live, async () => Buffer.alloc(0), { error: () => {} })).rejects.toThrow(
      /Another inbox-ops process has the database in .* open/,
    );
  });

  it('backs up directly when no process runs, and refuses a restore with another APP_SECRET_KEY', async () => {
    socket.close();
    await database.close();
    expect(existsSync(path.join(live, 'backup.sock'))).toBe(false);
    const file = path.join(root, 'stopped.backup');
    const backup = await command('backup', ['--out', file], { DATA_DIR: live });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('directly (no server running)');

    const wrongKey = path.join(root, 'restored-wrong-key');
    const refused = await command('restore', ['--in', file], {
      DATA_DIR: wrongKey,
      APP_SECRET_KEY: 'another-key-another-key-another-key-0123',
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is not the key of this backup');
    expect(existsSync(path.join(wrongKey, 'pglite'))).toBe(false);

    const target = path.join(root, 'restored-stopped');
    const restore = await command('restore', ['--in', file], { DATA_DIR: target });
    expect(restore.code, restore.output).toBe(0);
    await expectRestored(target);
  }, 300_000);
});

describe.skipIf(!serverUrl)(
  'pg_dump and pg_restore of a PostgreSQL database (docs/deploying.md#backups)',
  () => {
    it('restores into a new database where the rows are and the stored secrets open with the same key', async () => {
      const source = await createTestDatabase();
      const name = `restored_${Date.now().toString(36)}`;
      const targetUrl = Object.assign(new URL(serverUrl!), { pathname: `/${name}` }).toString();
      const dump = path.join(root, 'inbox-ops.dump');
      try {
        const secrets = createSecretBox('pg-dump-test-key-pg-dump-test-key-0123');
        const mailbox = mailboxSettings('pg@shop.example');
        const row = await insertEmailSource(source.db, {
          ...mailbox,
          passwordEncrypted: sealedMailboxPassword(secrets, mailbox, MAILBOX_PASSWORD),
        });

        const env = { DATABASE_URL: source.connectionString!, NEW_DATABASE_URL: targetUrl };
        const dumped = await run('bash', ['-c', 'pg_dump --format=custom --file="$DUMP" "$DATABASE_URL"'], {
          ...env,
          DUMP: dump,
        });
        expect(dumped.code, dumped.output).toBe(0);
        const created = await run('createdb', ['--maintenance-db', serverUrl!, name], {});
        expect(created.code, created.output).toBe(0);
        const restored = await run(
          'bash',
          ['-c', 'pg_restore --no-owner --dbname="$NEW_DATABASE_URL" "$DUMP"'],
          { ...env, DUMP: dump },
        );
        expect(restored.code, restored.output).toBe(0);

        const target = await createDatabase({ url: targetUrl, poolSize: 2 });
        try {
          expect(await target.pendingMigrations()).toBe(0);
          const [copy] = await target.db
            .select()
            .from(schema.emailSources)
            .where(eq(schema.emailSources.id, row!.id));
          expect(openMailboxSecret(secrets, copy!)).toEqual({ ok: true, secret: MAILBOX_PASSWORD });
        } finally {
          await target.close();
        }
      } finally {
        await source.dispose();
        await run('dropdb', ['--maintenance-db', serverUrl!, '--if-exists', name], {});
      }
    }, 120_000);
  },
);
