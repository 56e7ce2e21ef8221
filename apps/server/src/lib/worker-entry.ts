import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Where a worker's own entry point is (a child process or a worker thread), seen from the module that starts
 * it (`from`: its `import.meta.url`): in the build `dist/<name>.js`, an entry point of its own
 * (apps/server/scripts/build.mjs), one folder up when the starting code was split into `dist/chunks/`.
 *
 * From TypeScript source, the same entry in the build SERVER_BUILD_DIR names when it is set (the server tests
 * build one at start, test/global-setup.ts), else the `.ts` file beside the starting module through tsx's loader
 * (`npm run dev`, where an edit must apply at once). tsx compiles the entry's imports in every new child, about
 * 1 processor-second against 0.1 s for the bundle, and the tests start many.
 */
export function workerEntry(from: string, name: string): { entry: URL; execArgv: string[] } {
  const buildDir = process.env.SERVER_BUILD_DIR?.trim();
  if (from.endsWith('.ts') && buildDir) {
    return { entry: pathToFileURL(path.join(buildDir, `${name}.js`)), execArgv: ['--enable-source-maps'] };
  }
  if (from.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(from).resolve('tsx')).href;
    return { entry: new URL(`./${name}.ts`, from), execArgv: ['--import', tsx] };
  }
  return {
    entry: new URL(from.includes('/chunks/') ? `../${name}.js` : `./${name}.js`, from),
    execArgv: process.execArgv.includes('--enable-source-maps') ? ['--enable-source-maps'] : [],
  };
}
