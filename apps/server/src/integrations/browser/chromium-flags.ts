/**
 * How every Chromium of the project starts (the product's own, the browser tests', the web benchmark's):
 * Debian's package, headless, with nothing downloaded and no background traffic. Kept free of imports so that
 * the test and benchmark configurations can read it without loading the server.
 */
const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** CHROMIUM_PATH when set (docs/behaviour/operations.md#configuration), else Debian's. */
export const chromiumPath = () => process.env.CHROMIUM_PATH?.trim() || DEFAULT_CHROMIUM_PATH;

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
