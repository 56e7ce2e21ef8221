import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3123);

import { E2E_ADMIN } from './fixtures/constants';

const root = path.resolve(import.meta.dirname, '..');
// Per port, so that two runs on different E2E_PORTs do not share (and delete) each other's files.
const dataDir = path.join(root, `e2e/.artifacts/data-${PORT}`);
// The run serves a copy of the built web app taken at start, so a rebuild of apps/web/dist during the run (by
// `npm run build` in another shell) cannot pull the pages out from under the tests.
const webDist = path.join(root, 'apps/web/dist');
const webDistCopy = path.join(root, `e2e/.artifacts/web-dist-${PORT}`);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // A run on another E2E_PORT keeps its own output folder: Playwright empties it at start, which would break a
  // concurrent run's traces.
  outputDir: process.env.E2E_PORT
    ? path.join(root, `e2e/.artifacts/test-results-${PORT}`)
    : path.join(root, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
  ],
  webServer: {
    // The built product exactly as `npm start` serves it, on a fresh embedded database.
    command: `rm -rf ${dataDir} ${webDistCopy} && mkdir -p ${path.dirname(webDistCopy)} && cp -R ${webDist} ${webDistCopy} && npx tsx apps/server/src/server.ts`,
    cwd: root,
    url: `http://127.0.0.1:${PORT}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistCopy,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: 'warn',
      // The server inherits this process's environment, and CI sets DATABASE_URL for the API tests: the
      // browser tests must still get their own fresh embedded database (an empty value means PGlite).
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    },
  },
});
