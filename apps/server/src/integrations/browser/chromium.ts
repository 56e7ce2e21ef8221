/**
 * One headless Chromium (Debian's, driven by playwright-core) shared by everything in this process that needs a
 * browser. Launching costs about a second, so the browser is kept while in use and closed after a quiet spell;
 * every caller gets its own browser context, so no cookies or storage leak from one order link to the next.
 * On process exit playwright-core kills the browser and removes its temporary folders (downloads included).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium-flags';

const LAUNCH_TIMEOUT_MS = 30_000;
const IDLE_CLOSE_MS = 2 * 60_000;

export class BrowserLaunchError extends Error {}

export interface BrowserPageOptions {
  acceptDownloads?: boolean;
  /** Off for pages built from our own HTML (PDF rendering): nothing in them should run. */
  javaScriptEnabled?: boolean;
  /** Every request of the page through this proxy, loopback included (guard-proxy.ts). */
  proxyServer?: string;
}

let sharedBrowser: Promise<Browser> | null = null;
let pagesInUse = 0;
let idleTimer: NodeJS.Timeout | null = null;

async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  try {
    // Imported on the first launch: playwright-core alone adds about 75 MB and a second to a start
    // (docs/decisions/0013-lazy-start-up.md), and most instances never open an order link.
    const { chromium } = await import('playwright-core');
    return await chromium.launch({
      executablePath,
      headless: true,
      args: [...CHROMIUM_FLAGS],
      timeout: LAUNCH_TIMEOUT_MS,
      // The server and the worker shut down on their own signals; Playwright's handlers would exit the process first.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    throw new BrowserLaunchError(
      `Chromium could not be started from ${executablePath}: ${firstLine(error)}`,
      {
        cause: error,
      },
    );
  }
}

function getBrowser(): Promise<Browser> {
  const current = sharedBrowser;
  if (current) return current;
  const launching = launchBrowser();
  sharedBrowser = launching;
  launching.then(
    (browser) =>
      browser.on('disconnected', () => {
        // A crashed or closed browser is forgotten so that the next caller launches a fresh one.
        if (sharedBrowser === launching) sharedBrowser = null;
      }),
    () => {
      if (sharedBrowser === launching) sharedBrowser = null;
    },
  );
  return launching;
}

async function newContext(options: BrowserPageOptions): Promise<BrowserContext> {
  const contextOptions = {
    acceptDownloads: options.acceptDownloads ?? false,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    // No page here needs a service worker, and its requests are not the page's own.
    serviceWorkers: 'block' as const,
    // Chromium sends localhost straight past a proxy unless told otherwise ('<-loopback>').
    ...(options.proxyServer ? { proxy: { server: options.proxyServer, bypass: '<-loopback>' } } : {}),
  };
  const browser = await getBrowser();
  try {
    return await browser.newContext(contextOptions);
  } catch (error) {
    if (browser.isConnected()) throw error;
    // The browser died between calls (crash, OOM kill): one retry on a fresh one.
    if (sharedBrowser) await forgetBrowser(sharedBrowser);
    return (await getBrowser()).newContext(contextOptions);
  }
}

async function forgetBrowser(browser: Promise<Browser>): Promise<void> {
  if (sharedBrowser === browser) sharedBrowser = null;
  await browser.then((b) => b.close()).catch(() => undefined);
}

function scheduleIdleClose(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = null;
    if (pagesInUse === 0) void closeBrowser();
  }, IDLE_CLOSE_MS);
  // An idle browser must not keep a finished process (a test run, a script) alive.
  idleTimer.unref();
}

/**
 * Launches Debian's Chromium through playwright-core: executablePath from CHROMIUM_PATH env or /usr/bin/chromium;
 * headless with --no-sandbox --disable-gpu --disable-background-networking --disable-component-update
 * --disable-sync --no-first-run. One browser shared per process, closed when idle for a while and on process
 * exit; a crashed browser is replaced.
 */
export async function withBrowserPage<T>(
  work: (page: Page) => Promise<T>,
  options?: BrowserPageOptions,
): Promise<T> {
  pagesInUse += 1;
  if (idleTimer) {
    clearTimeout(idleTimer);
    idleTimer = null;
  }
  try {
    const context = await newContext(options ?? {});
    try {
      const page = await context.newPage();
      return await work(page);
    } finally {
      // Closing the context also deletes the files it downloaded.
      await context.close().catch(() => undefined);
    }
  } finally {
    pagesInUse -= 1;
    if (pagesInUse === 0) scheduleIdleClose();
  }
}

export async function closeBrowser(): Promise<void> {
  if (idleTimer) {
    clearTimeout(idleTimer);
    idleTimer = null;
  }
  const browser = sharedBrowser;
  if (browser) await forgetBrowser(browser);
}

export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.trim() || 'unknown error';
}
