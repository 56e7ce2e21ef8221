/**
 * Builds the server to JavaScript: one ES module bundle per entry point in dist/, with source maps: the HTTP
 * server, the job worker, the backup and restore commands, the spreadsheet reader's child process
 * (table-worker.js) and the order export's worker thread (export-worker.js), the last two started from beside
 * the entry that imported their starter (lib/worker-entry.ts). The workspace packages (@app/contracts, @app/db)
 * are TypeScript source and are bundled in, and so is drizzle-orm (below); every other package stays an import
 * from node_modules, as installed.
 *
 * `node scripts/build.mjs` builds into dist/. The server tests build the same bundle into a folder of their own
 * (apps/server/test/global-setup.ts), so the processes they start run what `npm start` runs.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');

/**
 * drizzle-orm is bundled in: it is some 500 small ES modules whose package.json carries a 179 KB exports map,
 * and Node 24's resolver decodes that map afresh for each import between them. Loaded from node_modules it
 * allocated 165 MB in the server's first second, memory V8 then kept for two minutes (docs/decisions/0013).
 */
const BUNDLED_PACKAGES = /^(@app\/|drizzle-orm(\/|$))/;

/** Bare imports stay external except our own workspace packages and BUNDLED_PACKAGES. */
const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (BUNDLED_PACKAGES.test(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Empties `outdir` and builds every entry point into it. `outdir` must sit inside the repository: the bundle
 * imports its packages from node_modules by name, resolved from where it lies.
 * @param {string} outdir
 * @returns {Promise<{ files: number, bytes: number, ms: number }>}
 */
export async function buildServer(outdir) {
  rmSync(outdir, { recursive: true, force: true });
  const started = performance.now();
  const result = await build({
    absWorkingDir: serverDir,
    entryPoints: {
      server: 'src/server.ts',
      worker: 'src/worker.ts',
      'table-worker': 'src/integrations/spreadsheet/table-worker.ts',
      'export-worker': 'src/modules/order-tracking/export-worker.ts',
      // The embedded database's backup and restore commands (`npm run backup`, `npm run restore`).
      backup: 'src/scripts/backup.ts',
      restore: 'src/scripts/restore.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: true,
    // Chunks shared by the entry points get stable, readable names in stack traces.
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [externalPackages],
    metafile: true,
    logLevel: 'warning',
  });
  const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
  const bytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0);
  return { files: outputs.length, bytes, ms: performance.now() - started };
}

if (import.meta.main) {
  const outdir = path.join(serverDir, 'dist');
  const built = await buildServer(outdir);
  console.log(
    `server built: ${built.files} files, ${(built.bytes / 1024).toFixed(0)} KB in ${path.relative(process.cwd(), outdir) || outdir} (${built.ms.toFixed(0)} ms)`,
  );
}
