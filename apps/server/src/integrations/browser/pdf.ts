import { withBrowserPage } from './chromium';

/**
 * Renders an HTML document to an A4 landscape PDF with headless Chromium. The document is our own (order lines
 * from a vendor file), so it gets no JavaScript and no network: a stray URL in an order line cannot make the
 * server fetch anything.
 */
export async function renderPdf(html: string): Promise<Buffer> {
  return withBrowserPage(
    async (page) => {
      await page.route('**/*', (route) =>
        route.request().url().startsWith('data:') ? route.continue() : route.abort('blockedbyclient'),
      );
      await page.setContent(html, { waitUntil: 'load' });
      return page.pdf({
        format: 'A4',
        landscape: true,
        printBackground: true,
        margin: { top: '12mm', right: '10mm', bottom: '12mm', left: '10mm' },
      });
    },
    { javaScriptEnabled: false },
  );
}
