import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** DATA_DIR as the server resolves it (config/env.ts): relative to where the npm command was typed. */
export function dataDirFromEnv(): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data');
}

/** The key the server would use, without creating one (config/env.ts creates it on a first start). */
export function existingSecretKey(dataDir: string): string | undefined {
  if (process.env.APP_SECRET_KEY) return process.env.APP_SECRET_KEY;
  const file = path.join(dataDir, 'secret.key');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** `--out FILE` / `--in FILE`, resolved like DATA_DIR. */
export function fileArgument(name: 'out' | 'in'): string {
  const { values } = parseArgs({ options: { [name]: { type: 'string' } }, strict: true });
  const value = values[name];
  if (typeof value !== 'string' || value === '') {
    throw new UsageError(
      `Usage: npm run ${name === 'out' ? 'backup -- --out FILE' : 'restore -- --in FILE'}`,
    );
  }
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), value);
}

export class UsageError extends Error {}

export function fail(error: unknown): never {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
