/**
 * First load of the web app as a browser sees it (`npm run bench:web`): builds, starts the compiled server
 * exactly as `npm start` does (embedded database in a temporary folder, loopback port), and loads the login
 * page and Home (after signing in) in Chromium with an empty cache. Prints the JavaScript bytes on the wire
 * per page (compressed, as sent) against the targets of docs/design/web-delivery.md, then Lighthouse's mobile
 * performance and accessibility scores when the `lighthouse` command can run here.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { chromiumPath, TEST_CHROMIUM_FLAGS } from '../apps/server/src/integrations/browser/chromium-flags';
import { freePort } from '../apps/server/test/processes';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-1' };
const LIGHTHOUSE_VERSION = '13.5.0';
const TARGETS = { login: 170 * 1024, home: 250 * 1024 };
const CHROMIUM_PATH = chromiumPath();
const CHROMIUM_ARGS = TEST_CHROMIUM_FLAGS;

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not answer /health within 120 s');
}

interface PageLoad {
  scripts: number;
  files: number;
  encodings: Set<string>;
}

/** Loads `url` in a fresh context (empty cache) and sums the encoded bodies of the scripts it fetched. */
async function measure(browser: Browser, baseUrl: string, url: string, signedIn: boolean): Promise<PageLoad> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  try {
    if (signedIn) {
      const response = await context.request.post('/auth/login', {
        data: ADMIN,
        headers: { origin: baseUrl },
      });
      if (response.status() !== 204) throw new Error(`sign-in failed: ${response.status()}`);
    }
    const page = await context.newPage();
    const scripts: Promise<{ bytes: number; encoding: string }>[] = [];
    page.on('requestfinished', (request) => {
      // Chunks Vite preloads (<link rel="modulepreload">) are not of type 'script', and are JavaScript all the same.
      if (request.resourceType() !== 'script' && !/\.m?js(\?|$)/.test(new URL(request.url()).pathname))
        return;
      scripts.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          const encoding = (await response?.headerValue('content-encoding')) ?? 'identity';
          return { bytes: sizes.responseBodySize, encoding };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const expectedPath = new URL(url, baseUrl).pathname;
    if (new URL(page.url()).pathname !== expectedPath) {
      throw new Error(`${url} ended on ${page.url()}, not ${expectedPath}`);
    }
    const finished = await Promise.all(scripts);
    return {
      scripts: finished.reduce((sum, script) => sum + script.bytes, 0),
      files: finished.length,
      encodings: new Set(finished.map((script) => script.encoding)),
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function lighthouse(url: string, extraHeaders?: Record<string, string>): string {
  const args = [
    `lighthouse@${LIGHTHOUSE_VERSION}`,
    url,
    '--quiet',
    '--output=json',
    '--only-categories=performance,accessibility',
    `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
  ];
  if (extraHeaders) args.push(`--extra-headers=${JSON.stringify(extraHeaders)}`);
  try {
    // Fetched by npx into its cache at a pinned version rather than kept in the lockfile: 114 packages that
    // only this benchmark uses.
    const output = execFileSync('npx', ['--yes', ...args], {
      cwd: root,
      env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 256 * 1024 * 1024,
    }).toString();
    const report = JSON.parse(output) as {
      categories: Record<string, { score: number | null }>;
      runtimeError?: { message: string };
      finalDisplayedUrl: string;
      environment: { benchmarkIndex: number };
      audits: Record<string, { displayValue?: string }>;
    };
    if (report.runtimeError) return `could not run: ${report.runtimeError.message}`;
    const landed = new URL(report.finalDisplayedUrl).pathname;
    if (landed !== new URL(url).pathname) return `ended on ${landed}, not the page asked for`;
    const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
    const metric = (name: string) => report.audits[name]?.displayValue ?? '?';
    // Lighthouse scales this machine's own CPU time by 4: on a shared, busy machine the performance score
    // drops with the load, so the CPU benchmark it measured is printed beside it.
    return (
      `performance ${score('performance')}, accessibility ${score('accessibility')} ` +
      `(FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
      `TBT ${metric('total-blocking-time')}; CPU benchmark index ${Math.round(report.environment.benchmarkIndex)})`
    );
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim().split('\n').slice(-3).join(' ');
    return `could not run: ${stderr || (error as Error).message}`;
  }
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    console.log('building web app and server …');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-'));
  const server = spawn(
    process.execPath,
    ['--enable-source-maps', '--max-semi-space-size=16', 'apps/server/dist/server.js'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // An empty value means the embedded database, whatever the shell exports for the API tests.
        DATABASE_URL: '',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'warn',
      },
    },
  );
  let browser: Browser | undefined;
  try {
    await waitForHealth(baseUrl, server);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const pages = [
      { name: 'login', url: '/', signedIn: false, target: TARGETS.login },
      { name: 'home', url: '/home', signedIn: true, target: TARGETS.home },
    ] as const;
    console.log('\nJavaScript on the wire, empty cache (Chromium, Accept-Encoding: gzip, deflate, br, zstd)');
    for (const entry of pages) {
      const load = await measure(browser, baseUrl, entry.url, entry.signedIn);
      const verdict = load.scripts <= entry.target ? 'within' : 'OVER';
      console.log(
        `  ${entry.name.padEnd(6)} ${kb(load.scripts).padStart(9)} in ${load.files} files ` +
          `(${[...load.encodings].join(', ')}); target ≤ ${kb(entry.target)}: ${verdict}`,
      );
    }
    await browser.close();
    browser = undefined;

    console.log('\nLighthouse (mobile preset: 4× CPU slowdown, simulated slow 4G)');
    console.log(`  login  ${lighthouse(`${baseUrl}/`)}`);
    const signIn = await fetch(`${baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify(ADMIN),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    console.log(`  home   ${lighthouse(`${baseUrl}/home`, { Cookie: cookie })}`);
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
