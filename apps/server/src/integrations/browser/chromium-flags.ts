/**
 * How every Chromium of the project starts (the product's own, the browser tests', the web benchmark's):
 * Debian's package, headless, with nothing downloaded and no background traffic. Kept free of the server's
 * imports so that the test and benchmark configurations can read it without loading the server.
 */
import { existsSync } from 'node:fs';

const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** CHROMIUM_PATH when set (docs/behaviour/operations.md#configuration), else Debian's. */
export const chromiumPath = () => process.env.CHROMIUM_PATH?.trim() || DEFAULT_CHROMIUM_PATH;

/**
 * Debian's `chromium-headless-shell` package: the same Chromium build without the full browser's UI layer,
 * which Playwright itself runs for headless tests. The browser tests drive it when it is installed
 * (`npm test` installs it): on this 2-core machine it ran the same 58 browser tests in 226 s against 282 s
 * for the full browser (docs/decisions/0019-browser-tests-on-the-headless-shell.md).
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** The browser tests' Chromium: E2E_CHROMIUM_PATH when set, else the headless shell, else the product's. */
export const testChromiumPath = () =>
  process.env.E2E_CHROMIUM_PATH?.trim() ||
  (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : chromiumPath());

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

/**
 * Tests and benchmarks also turn QUIC off: their servers speak plain HTTP on loopback, and Chromium's probe for
 * HTTP/3 only adds noise to the request logs.
 */
export const TEST_CHROMIUM_FLAGS = [...CHROMIUM_FLAGS, '--disable-quic'];
