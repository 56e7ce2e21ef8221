/**
 * `npm run backup -- --out FILE`: a backup of the embedded database in DATA_DIR, taken by the running
 * server when there is one, else read directly (docs/decisions/0010-backups-of-the-embedded-database.md).
 */
import { renameSync, writeFileSync } from 'node:fs';
import { createDatabase } from '@app/db';
import { createBackup, describeKey, keyFingerprint, readBackup, requestBackup } from '../lib/backup';
import { makeDataDirPrivate, useOwnerOnlyUmask } from '../lib/private-data-dir';
import { dataDirFromEnv, existingSecretKey, fail, fileArgument } from './data-dir';

async function main() {
  const out = fileArgument('out');
  if (process.env.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/deploying.md#backups), not with this command.',
    );
  }
  const dataDir = dataDirFromEnv();
  let bytes = await requestBackup(dataDir);
  let how = 'from the running server';
  if (!bytes) {
    const key = existingSecretKey(dataDir);
    if (!key) throw new Error(`No database to back up in ${dataDir} (no secret.key and no APP_SECRET_KEY).`);
    // No server answers: nothing else has the directory open, so this process may.
    const database = await createDatabase({ dataDir: `${dataDir}/pglite` });
    try {
      bytes = await createBackup(database.pglite!, describeKey(dataDir, key));
    } finally {
      await database.close();
      // Opening the database may have written to it; DATA_DIR stays the owner's alone.
      makeDataDirPrivate(dataDir);
    }
    how = 'directly (no server running)';
  }
  const { header } = readBackup(bytes);
  // Written aside and renamed: an interrupted backup never leaves a file that looks complete.
  writeFileSync(`${out}.partial`, bytes, { mode: 0o600 });
  renameSync(`${out}.partial`, out);
  console.log(`backup: ${out} (${bytes.length} bytes), taken ${how}`);
  console.log(
    header.secretKey
      ? `backup: the secret key (fingerprint ${header.secretKeyFingerprint}) is inside it: keep the file as secret as the key.`
      : `backup: the secret key is NOT inside it: keep APP_SECRET_KEY (fingerprint ${header.secretKeyFingerprint}) beside it.`,
  );
  if (
    process.env.APP_SECRET_KEY &&
    keyFingerprint(process.env.APP_SECRET_KEY) !== header.secretKeyFingerprint
  ) {
    console.log('backup: note: the server uses another key than APP_SECRET_KEY in this shell.');
  }
}

useOwnerOnlyUmask();
main().catch(fail);
