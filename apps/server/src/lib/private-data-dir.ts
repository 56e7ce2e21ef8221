/**
 * DATA_DIR is the owner's alone (docs/design/security.md#the-data-folder): the embedded database, the secret
 * key and the backup socket live there, and any local user who could write a file of it could corrupt the
 * data or plant SQL in a trigger. Files are 600 and folders 700:
 * - created so: each entry point sets the umask 077 first (`useOwnerOnlyUmask`), which covers what the
 *   product and PGlite create while running;
 * - repaired at start-up and by `npm run restore`/`backup` (`makeDataDirPrivate`): PGlite unpacks a new
 *   database from its bundled image and chmods each file to the image's 666, whatever the umask, and a
 *   folder made by an older version or by hand may be open too.
 */
import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** What files this process creates from now on get no group or other bits. */
export function useOwnerOnlyUmask(): void {
  process.umask(0o077);
}

export interface DataDirRepair {
  /** Files and folders whose mode was changed. */
  files: number;
  folders: number;
  /** Entries whose mode could not be changed (another owner), with the reason. */
  failed: string[];
}

/**
 * Sets every file under `root` to 600 and every folder (root included) to 700 where it is not so already;
 * symbolic links are left alone and not followed. A missing root is nothing to repair.
 */
export function makeDataDirPrivate(root: string): DataDirRepair {
  const repair: DataDirRepair = { files: 0, folders: 0, failed: [] };
  if (!existsSync(root)) return repair;
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    const folder = stats.isDirectory();
    const wanted = folder ? PRIVATE_FOLDER_MODE : PRIVATE_FILE_MODE;
    if ((stats.mode & 0o777) !== wanted) {
      try {
        chmodSync(entry, wanted);
        if (folder) repair.folders++;
        else repair.files++;
      } catch (error) {
        repair.failed.push(`${entry}: ${(error as Error).message}`);
      }
    }
    if (folder) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return repair;
}

/** Logs a repair (info), and what could not be repaired (warn); nothing when all was private already. */
export function logDataDirRepair(
  log: { info(message: string): void; warn(message: string): void },
  root: string,
  repair: DataDirRepair,
): void {
  if (repair.files + repair.folders > 0) {
    log.info(
      `data folder: made ${repair.files} file(s) 600 and ${repair.folders} folder(s) 700 in ${root}, so that only its owner may read or change it`,
    );
  }
  if (repair.failed.length > 0) {
    log.warn(
      `data folder: ${repair.failed.length} entries could not be made owner-only (first: ${repair.failed[0]}); run the product as the owner of ${root}`,
    );
  }
}
