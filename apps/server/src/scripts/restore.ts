/**
 * `npm run restore -- --in FILE`: restores a backup made by `npm run backup` into an empty DATA_DIR
 * (docs/decisions/0010-backups-of-the-embedded-database.md). Nothing is overwritten: a DATA_DIR that
 * already holds a database or a key is refused.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDatabase } from '@app/db';
import { keyFingerprint, readBackup } from '../lib/backup';
import { makeDataDirPrivate, useOwnerOnlyUmask } from '../lib/private-data-dir';
import { dataDirFromEnv, fail, fileArgument } from './data-dir';

async function main() {
  const input = fileArgument('in');
  const dataDir = dataDirFromEnv();
  const { header, tarball } = readBackup(readFileSync(input));
  const pgliteDir = path.join(dataDir, 'pglite');
  const keyFile = path.join(dataDir, 'secret.key');
  if ((existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) || existsSync(keyFile)) {
    throw new Error(`${dataDir} already holds a database or a secret key; restore into an empty DATA_DIR.`);
  }
  const envKey = process.env.APP_SECRET_KEY;
  if (envKey && keyFingerprint(envKey) !== header.secretKeyFingerprint) {
    throw new Error(
      `APP_SECRET_KEY (fingerprint ${keyFingerprint(envKey)}) is not the key of this backup (fingerprint ${header.secretKeyFingerprint}): stored passwords would not open. Unset it or set the backup's key.`,
    );
  }
  mkdirSync(pgliteDir, { recursive: true });
  const database = await createDatabase({ dataDir: pgliteDir, loadDataDir: new Blob([tarball]) });
  try {
    // Read once here, so that a damaged file is reported now rather than at the next start.
    await database.query('select count(*) from drizzle.__drizzle_migrations');
  } finally {
    await database.close();
  }
  if (header.secretKey) writeFileSync(keyFile, `${header.secretKey}\n`, { mode: 0o600 });
  reportPrivacy(dataDir);
  console.log(`restore: ${input} (taken ${header.createdAt}) restored into ${dataDir}`);
  if (!header.secretKey && !envKey) {
    console.log(
      `restore: start the server with the APP_SECRET_KEY of fingerprint ${header.secretKeyFingerprint}: the key is not in the backup.`,
    );
  }
}

/** The restored files were unpacked with the modes of the backup's image: made owner-only here. */
function reportPrivacy(dataDir: string) {
  const repair = makeDataDirPrivate(dataDir);
  console.log(`restore: files 600 and folders 700 in ${dataDir} (${repair.files + repair.folders} changed)`);
  if (repair.failed.length > 0) {
    throw new Error(
      `restore: could not make ${repair.failed.length} entries owner-only: ${repair.failed[0]}`,
    );
  }
}

useOwnerOnlyUmask();
main().catch(fail);
