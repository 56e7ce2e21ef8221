/**
 * Fetches the order files behind an order e-mail's link (docs/behaviour/order-submission.md#order-files-behind-a-link). A link straight to a file is a plain HTTP
 * download; a link to a vendor's page is opened in headless Chromium and its download buttons are clicked, as a
 * person would. Every failure is a LinkDownloadError whose message the operator can act on.
 */

import { readFile, stat } from 'node:fs/promises';
import type { Download, Locator, Page } from 'playwright-core';
import { sanitizeFileName } from '../../lib/file-names';
import { firstLine, withBrowserPage } from './chromium';
import {
  fileNameFromContentDisposition,
  fileNameFromUrl,
  isAttachmentDisposition,
  isHtmlType,
  looksLikeHtml,
  mimeType,
  resolveContentType,
  withExtension,
} from './file-metadata';
import { type GuardProxy, publicTargets, startGuardProxy, type TargetResolver } from './guard-proxy';
import { type LinkResponse, LinkResponseError, requestLink } from './link-request';

export interface DownloadButton {
  kind: 'spreadsheet' | 'pdf';
  /** Button or link label to click. */
  text: string;
  /** Name to give the file when the server gives none. */
  fileName?: string;
}

export interface DownloadedFile {
  kind: 'spreadsheet' | 'pdf';
  fileName: string;
  content: Buffer;
  contentType: string;
}

export interface DownloadOrderFilesRequest {
  url: string;
  buttons: DownloadButton[];
  /**
   * Time allowed to the vendor's site, default 60 s: once for the plain HTTP request to the link, once more for the
   * page in the browser (loading, waiting for buttons, downloads). Launching Chromium is not counted.
   */
  timeoutMs?: number;
  /** Per file. Default 10 MiB. */
  maxBytes?: number;
  /**
   * Lets the link and its redirects reach loopback and private networks (an order portal on the operator's own
   * network; tests). Off by default: see address-guard.ts.
   */
  allowPrivateAddresses?: boolean;
  /**
   * Where the browser may connect, when private addresses are not allowed: public addresses only by default.
   * Tests put their loopback servers on either side of the line with it.
   */
  resolveTargets?: TargetResolver;
}

export class LinkDownloadError extends Error {}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const DOWNLOAD_POLL_MS = 200;
const BUTTON_SELECTOR = 'a, button, [role=button], [role=link]';

class Deadline {
  private readonly endsAt: number;

  constructor(readonly totalMs: number) {
    this.endsAt = Date.now() + totalMs;
  }

  get expired(): boolean {
    return Date.now() >= this.endsAt;
  }

  /** Never 0: Playwright reads a timeout of 0 as "wait forever". */
  remainingMs(): number {
    return Math.max(1, this.endsAt - Date.now());
  }

  describe(): string {
    return `${Math.round(this.totalMs / 1000)} s`;
  }
}

interface Limits {
  deadline: Deadline;
  maxBytes: number;
  allowPrivateAddresses: boolean;
  resolveTargets: TargetResolver;
}

const MAX_REDIRECTS = 10;

/**
 * A plain HTTP download when the link is the file itself (a response that is not an HTML page, or
 * Content-Disposition: attachment): the file is returned as the spreadsheet (or pdf by its type). Otherwise opens
 * the page in headless Chromium, waits for each button (a <button>, <a> or input whose visible text matches,
 * case-insensitive, trimmed; it may appear only after JavaScript runs), clicks it and saves the download. Fails
 * with an operator-readable LinkDownloadError naming the button not found, the HTTP status, a timeout, or a file
 * over the size limit.
 */
export async function downloadOrderFiles(request: DownloadOrderFilesRequest): Promise<DownloadedFile[]> {
  const url = checkedUrl(request.url);
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limits: Limits = {
    deadline: new Deadline(timeoutMs),
    maxBytes: request.maxBytes ?? DEFAULT_MAX_BYTES,
    allowPrivateAddresses: request.allowPrivateAddresses ?? false,
    resolveTargets: request.resolveTargets ?? publicTargets,
  };
  const directFile = await fetchIfFile(url, request.buttons, limits);
  if (directFile) return [directFile];
  if (request.buttons.length === 0) return [];
  // The page and everything it loads go through the guard proxy unless private addresses are allowed.
  const proxy = request.allowPrivateAddresses ? null : await startGuardProxy(limits.resolveTargets);
  try {
    // The browser's own start-up is not the vendor's slowness: the page gets a full time budget of its own.
    return await withBrowserPage(
      (page) =>
        downloadThroughPage(page, url, request.buttons, { ...limits, deadline: new Deadline(timeoutMs) }),
      { acceptDownloads: true, ...(proxy ? { proxyServer: proxy.server } : {}) },
    );
  } catch (error) {
    throw withBlockedRequests(
      error instanceof LinkDownloadError
        ? error
        : new LinkDownloadError(`Opening the order page ${describeUrl(url)} failed: ${firstLine(error)}`, {
            cause: error,
          }),
      proxy,
    );
  } finally {
    await proxy?.close();
  }
}

/** A button or download that failed because the guard stopped its request says so. */
function withBlockedRequests(error: LinkDownloadError, proxy: GuardProxy | null): LinkDownloadError {
  if (!proxy || proxy.blocked.length === 0) return error;
  return new LinkDownloadError(
    `${error.message}. Requests to private network addresses were blocked: ${proxy.blocked.join(', ')}`,
    { cause: error },
  );
}

/**
 * The address a hop connects to, checked by the guard; undefined when the guard is off (private addresses
 * allowed: the system resolver decides). A name that does not resolve fails like a refused connection.
 */
async function checkedAddress(url: URL, limits: Limits): Promise<string | undefined> {
  if (limits.allowPrivateAddresses) return undefined;
  const resolved = await limits.resolveTargets(
    url.hostname,
    Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
  );
  if (!('blocked' in resolved)) return resolved.address;
  throw new LinkDownloadError(
    `The order link ${describeUrl(url)} leads to a private network address (${resolved.blocked}); order links must be public web addresses. Set ORDER_LINKS_ALLOW_PRIVATE_ADDRESSES=true if the order portal is on your own network.`,
  );
}

function checkedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new LinkDownloadError(`The order link "${raw}" is not a valid URL`);
  }
  // file:, data:, javascript: and the like would let an e-mail reach into the server itself.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LinkDownloadError(`The order link "${raw}" is not an http or https URL`);
  }
  return url;
}

/** The address without its query string, which often carries a one-time token. */
function describeUrl(url: URL | string): string {
  try {
    const parsed = typeof url === 'string' ? new URL(url) : url;
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return String(url);
  }
}

function tooLargeError(what: string, maxBytes: number): LinkDownloadError {
  return new LinkDownloadError(`${what} is larger than the ${formatBytes(maxBytes)} limit`);
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}

function httpStatusText(status: number, statusText: string): string {
  return `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
}

/** Returns the file when the link is one; null when the link is an HTML page to open in the browser. */
async function fetchIfFile(
  link: URL,
  buttons: DownloadButton[],
  limits: Limits,
): Promise<DownloadedFile | null> {
  const { deadline, maxBytes } = limits;
  const signal = AbortSignal.timeout(deadline.remainingMs());
  let response: LinkResponse;
  let current = link;
  // Redirects are followed by hand, so that each hop's address is checked before it is requested, and the
  // request goes to the address that was checked.
  for (let hop = 0; ; hop += 1) {
    try {
      const address = await checkedAddress(current, limits);
      response = await requestLink(current, {
        signal,
        headers: { accept: 'text/html,application/xhtml+xml,application/pdf,*/*;q=0.8' },
        ...(address ? { address } : {}),
      });
    } catch (error) {
      if (error instanceof LinkDownloadError) throw error;
      if (error instanceof LinkResponseError) {
        throw new LinkDownloadError(
          `The order link ${describeUrl(current)} could not be read: ${error.message}`,
        );
      }
      throw fetchFailure(error, current, deadline, signal);
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) break;
    await response.body?.cancel().catch(() => undefined);
    if (hop >= MAX_REDIRECTS) {
      throw new LinkDownloadError(
        `The order link ${describeUrl(link)} redirected more than ${MAX_REDIRECTS} times`,
      );
    }
    current = checkedUrl(new URL(location, current).href);
  }
  const url = current;
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new LinkDownloadError(
      `The order link ${describeUrl(url)} answered ${httpStatusText(response.status, response.statusText)}`,
    );
  }
  const contentType = response.headers.get('content-type');
  const disposition = response.headers.get('content-disposition');
  if (isHtmlType(contentType) && !isAttachmentDisposition(disposition)) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  const what = `The file at ${describeUrl(url)}`;
  const declaredLength = Number(response.headers.get('content-length'));
  if (Number.isFinite(declaredLength) && declaredLength > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLargeError(what, maxBytes);
  }
  let content: Buffer;
  try {
    content = await readLimited(response, maxBytes, what);
  } catch (error) {
    if (error instanceof LinkDownloadError) throw error;
    throw fetchFailure(error, url, deadline, signal);
  }
  if (!mimeType(contentType) && !disposition && looksLikeHtml(content)) return null;

  const servedName = fileNameFromContentDisposition(disposition);
  const provisionalType = resolveContentType(
    contentType,
    servedName ?? fileNameFromUrl(url.href) ?? '',
    content,
  );
  const kind = provisionalType === 'application/pdf' ? 'pdf' : 'spreadsheet';
  const configuredName = sanitizeFileName(buttons.find((button) => button.kind === kind)?.fileName ?? '');
  const baseName = servedName ?? (configuredName || fileNameFromUrl(url.href) || 'order');
  const type = resolveContentType(contentType, baseName, content);
  return { kind, fileName: withExtension(baseName, type), content, contentType: type };
}

function fetchFailure(error: unknown, url: URL, deadline: Deadline, signal: AbortSignal): LinkDownloadError {
  if (signal.aborted) {
    return new LinkDownloadError(
      `The order link ${describeUrl(url)} did not answer within ${deadline.describe()}`,
      {
        cause: error,
      },
    );
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  const reason = typeof code === 'string' ? code : firstLine(cause);
  return new LinkDownloadError(`The order link ${describeUrl(url)} could not be reached: ${reason}`, {
    cause: error,
  });
}

async function readLimited(response: LinkResponse, maxBytes: number, what: string): Promise<Buffer> {
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLargeError(what, maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function downloadThroughPage(
  page: Page,
  url: URL,
  buttons: DownloadButton[],
  limits: Limits,
): Promise<DownloadedFile[]> {
  const { deadline } = limits;
  // Download responses show up here too, with the headers the Download object does not expose.
  const headersByUrl = new Map<string, Record<string, string>>();
  page.context().on('response', (response) => headersByUrl.set(response.url(), response.headers()));

  let response: Awaited<ReturnType<Page['goto']>>;
  try {
    response = await page.goto(url.href, { waitUntil: 'domcontentloaded', timeout: deadline.remainingMs() });
  } catch (error) {
    if (isPlaywrightTimeout(error)) {
      throw new LinkDownloadError(
        `The order page ${describeUrl(url)} did not load within ${deadline.describe()}`,
      );
    }
    throw new LinkDownloadError(
      `The order page ${describeUrl(url)} could not be opened: ${firstLine(error)}`,
      {
        cause: error,
      },
    );
  }
  if (response && response.status() >= 400) {
    throw new LinkDownloadError(
      `The order page ${describeUrl(url)} answered ${httpStatusText(response.status(), response.statusText())}`,
    );
  }

  const files: DownloadedFile[] = [];
  for (const button of buttons) {
    const download = await clickForDownload(page, url, button, deadline);
    files.push(await saveDownload(download, button, headersByUrl, limits));
  }
  return files;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The visible button, link or input labelled `text` (case and surrounding or repeated spaces ignored). */
function findButton(page: Page, text: string): Locator {
  const words = text.trim().split(/\s+/).map(escapeRegExp);
  const label = new RegExp(`^\\s*${words.join('\\s+')}\\s*$`, 'i');
  const byText = page.locator(BUTTON_SELECTOR).filter({ hasText: label });
  // Inputs carry their label in `value`, which only the accessible name reads.
  const byRole = page.getByRole('button', { name: label });
  return byText.or(byRole).filter({ visible: true }).first();
}

function buttonDescription(button: DownloadButton): string {
  return `${button.kind === 'pdf' ? 'PDF' : 'spreadsheet'} download button "${button.text}"`;
}

async function clickForDownload(
  page: Page,
  url: URL,
  button: DownloadButton,
  deadline: Deadline,
): Promise<Download> {
  const target = findButton(page, button.text);
  try {
    await target.waitFor({ state: 'visible', timeout: deadline.remainingMs() });
  } catch (error) {
    if (isPlaywrightTimeout(error)) {
      throw new LinkDownloadError(
        `The ${buttonDescription(button)} was not found on the order page ${describeUrl(url)} (waited ${deadline.describe()})`,
      );
    }
    throw error;
  }
  const downloadStarted = page.waitForEvent('download', { timeout: deadline.remainingMs() });
  // The click may fail before the download wait settles; its rejection must not go unhandled meanwhile.
  downloadStarted.catch(() => undefined);
  try {
    await target.click({ timeout: deadline.remainingMs() });
    return await downloadStarted;
  } catch (error) {
    if (isPlaywrightTimeout(error)) {
      throw new LinkDownloadError(
        `Clicking the ${buttonDescription(button)} did not start a download within ${deadline.describe()}`,
      );
    }
    throw error;
  }
}

async function saveDownload(
  download: Download,
  button: DownloadButton,
  headersByUrl: Map<string, Record<string, string>>,
  limits: Limits,
): Promise<DownloadedFile> {
  const { deadline, maxBytes } = limits;
  const what = `The file from the ${buttonDescription(button)}`;
  const declaredTooLarge = () => {
    const length = Number(headersByUrl.get(download.url())?.['content-length']);
    return Number.isFinite(length) && length > maxBytes;
  };
  const finished = download.path().then(
    (path) => ({ path }),
    (error: unknown) => ({ error }),
  );
  // Chromium writes the file itself; the declared length lets an oversized one be stopped before it lands.
  for (;;) {
    if (declaredTooLarge()) {
      await download.cancel().catch(() => undefined);
      throw tooLargeError(what, maxBytes);
    }
    const settled = await Promise.race([finished, delay(DOWNLOAD_POLL_MS)]);
    if (settled) {
      if ('error' in settled) {
        const failure = await download.failure().catch(() => null);
        throw new LinkDownloadError(`${what} failed to download: ${failure ?? firstLine(settled.error)}`);
      }
      break;
    }
    if (deadline.expired) {
      await download.cancel().catch(() => undefined);
      throw new LinkDownloadError(`${what} did not finish downloading within ${deadline.describe()}`);
    }
  }
  const failure = await download.failure();
  if (failure) throw new LinkDownloadError(`${what} failed to download: ${failure}`);
  const filePath = await download.path();
  if ((await stat(filePath)).size > maxBytes) throw tooLargeError(what, maxBytes);
  const content = await readFile(filePath);

  const headers = headersByUrl.get(download.url());
  const servedName = fileNameFromContentDisposition(headers?.['content-disposition']);
  const baseName =
    servedName ||
    sanitizeFileName(button.fileName ?? '') ||
    sanitizeFileName(download.suggestedFilename()) ||
    (button.kind === 'pdf' ? 'order.pdf' : 'order');
  const contentType = resolveContentType(headers?.['content-type'], baseName, content);
  return { kind: button.kind, fileName: withExtension(baseName, contentType), content, contentType };
}

function delay(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms));
}

/**
 * playwright-core's TimeoutError, told by its name: importing the class would load playwright-core with this
 * module at start-up instead of at the first browser launch (docs/decisions/0013-lazy-start-up.md).
 */
function isPlaywrightTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}
