import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Where a worker's own entry point is (a child process or a worker thread), seen from the module that starts
 * it (`from`: its `import.meta.url`): from TypeScript source (tests, `npm run dev`) the `.ts` file beside that
 * module, run through tsx's loader; in the build `dist/<name>.js`, an entry point of its own
 * (apps/server/scripts/build.mjs), one folder up when the starting code was split into `dist/chunks/`.
 */
export function workerEntry(from: string, name: string): { entry: URL; execArgv: string[] } {
  if (from.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(from).resolve('tsx')).href;
    return { entry: new URL(`./${name}.ts`, from), execArgv: ['--import', tsx] };
  }
  return {
    entry: new URL(from.includes('/chunks/') ? `../${name}.js` : `./${name}.js`, from),
    execArgv: process.execArgv.includes('--enable-source-maps') ? ['--enable-source-maps'] : [],
  };
}
