import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  TEST_CHROMIUM_FLAGS,
  testChromiumPath,
} from '../apps/server/src/integrations/browser/chromium-flags';

import {
  E2E_ADMIN,
  E2E_PORT,
  MAIL_CATCHER_LOGIN,
  MAIL_CATCHER_PORT,
  MAIL_FROM,
  MAIL_SERVER_PORT,
  OAUTH_CLIENT,
  OAUTH_PROVIDER_PORT,
} from './fixtures/constants';

const PORT = E2E_PORT;

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'apps/web/dist');

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
  // Guards against hangs, not speed checks: on a busy 2-core machine a page that compiles a large chunk or a
  // server that parses a workbook can take several seconds.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // No trace by default: recording one (a screencast and DOM snapshots of every action) took 30 % of the
    // browser tests' processor time, for files that a CI run never shows. A failure still prints its error,
    // the page's ARIA snapshot and a screenshot; `npm run test:e2e -- --trace retain-on-failure <spec>` records
    // one when a failure needs more (decision 0021).
    trace: 'off',
    // Chromium renders in software here, and drawing the app's animations (dialogs, menus, spinners) took a
    // quarter of the browser tests' processor time; the app stands still under reduced motion
    // (docs/behaviour/screens.md#motion, decision 0020). layout.spec.ts checks both settings.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: testChromiumPath(),
      args: TEST_CHROMIUM_FLAGS,
    },
  },
  projects: [
    // A fresh install's screens (Home before any source exists) are seen first, before any other spec adds a
    // source to the servers' shared databases.
    {
      name: 'fresh-install',
      testMatch: 'fresh-install.spec.ts',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'chromium',
      testIgnore: 'fresh-install.spec.ts',
      dependencies: ['fresh-install'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: [
    // Mailbox sign-in with Microsoft and Google against the spec's loopback provider (mailbox-sign-in.spec.ts).
    productServer(PORT, oauthEnv(`http://127.0.0.1:${OAUTH_PROVIDER_PORT}`)),
    // The same build with system mail, for the flows whose success is an e-mail (fixtures/constants.ts).
    productServer(MAIL_SERVER_PORT, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(MAIL_CATCHER_PORT),
      SMTP_SECURE: 'false',
      SMTP_USER: MAIL_CATCHER_LOGIN.user,
      SMTP_PASSWORD: MAIL_CATCHER_LOGIN.password,
      MAIL_FROM,
      // The webhooks spec's receiver listens on loopback, which the address guard refuses by default.
      ORDER_LINKS_ALLOW_PRIVATE_ADDRESSES: 'true',
    }),
  ],
});

function oauthEnv(provider: string): Record<string, string> {
  return {
    MICROSOFT_OAUTH_CLIENT_ID: OAUTH_CLIENT.clientId,
    MICROSOFT_OAUTH_CLIENT_SECRET: OAUTH_CLIENT.clientSecret,
    MICROSOFT_OAUTH_AUTHORITY: provider,
    GOOGLE_OAUTH_CLIENT_ID: OAUTH_CLIENT.clientId,
    GOOGLE_OAUTH_CLIENT_SECRET: OAUTH_CLIENT.clientSecret,
    GOOGLE_OAUTH_AUTH_URL: `${provider}/o/oauth2/v2/auth`,
    GOOGLE_OAUTH_TOKEN_URL: `${provider}/token`,
    GOOGLE_OAUTH_REVOKE_URL: `${provider}/revoke`,
    GOOGLE_OAUTH_JWKS_URL: `${provider}/google/certs`,
    GOOGLE_OAUTH_ISSUER: `${provider}/google`,
  };
}

/** The built product exactly as `npm start` serves it (compiled server), on a fresh embedded database of its own. */
function productServer(port: number, extraEnv: Record<string, string> = {}) {
  // Per port, so that two servers (or two runs on different E2E_PORTs) do not share or delete each other's files.
  const dataDir = path.join(root, `e2e/.artifacts/data-${port}`);
  // Each server serves a copy of the built web app taken at start, so a rebuild of apps/web/dist during the run
  // (by `npm run build` in another shell) cannot pull the pages out from under the tests.
  const webDistCopy = path.join(root, `e2e/.artifacts/web-dist-${port}`);
  return {
    command: `rm -rf ${dataDir} ${webDistCopy} && mkdir -p ${path.dirname(webDistCopy)} && cp -R ${webDist} ${webDistCopy} && node --enable-source-maps --max-semi-space-size=16 apps/server/dist/server.js`,
    cwd: root,
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistCopy,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // The server inherits this process's environment, and CI sets DATABASE_URL for the API tests: the
      // browser tests must still get their own fresh embedded database (an empty value means PGlite).
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      ...extraEnv,
    },
  };
}
