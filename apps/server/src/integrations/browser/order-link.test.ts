import { describe, expect, it } from 'vitest';
import { runWithLimit } from '../../../test/stall-check';
import { findOrderLink } from './order-link';

const orderEmailHtml = `
<html><head><style>a { color: red }</style><title>Your order https://title.example.com/orders/0</title></head>
<body>
  <p>Hello, see our <a href="https://vendor.example.com/help">help page</a> or
     <a href="https://vendor.example.com/orders/111?token=old">last week's order</a>.</p>
  <p>To download  your
     <b>order</b>, click
     <a href="https://tracking.example.com/click?u=1" title="a>b">here</a>
     or <a href='https://portal.example.com/orders/222?token=abc&amp;format=xlsx'>View order</a></p>
  <p>Unsubscribe: <a href="https://portal.example.com/unsubscribe">here</a></p>
</body></html>`;

describe('findOrderLink', () => {
  it('picks, in HTML, the first link after the preceding text whose URL holds the required text', () => {
    expect(findOrderLink({ text: null, html: orderEmailHtml }, 'to download your order', '/orders/')).toBe(
      'https://portal.example.com/orders/222?token=abc&format=xlsx',
    );
  });

  it('takes the first link after the preceding text when no URL text is required', () => {
    expect(findOrderLink({ text: null, html: orderEmailHtml }, 'TO DOWNLOAD YOUR ORDER', '')).toBe(
      'https://tracking.example.com/click?u=1',
    );
  });

  it('takes the first link holding the required text when no preceding text is given', () => {
    expect(findOrderLink({ text: null, html: orderEmailHtml }, '', 'orders')).toBe(
      'https://vendor.example.com/orders/111?token=old',
    );
  });

  it('takes the very first link when both rules are blank, skipping the head', () => {
    expect(findOrderLink({ text: null, html: orderEmailHtml }, ' ', '')).toBe(
      'https://vendor.example.com/help',
    );
  });

  it('counts a link whose own label holds the preceding text', () => {
    const html =
      '<p>Old: <a href="https://x.example.com/1">one</a></p><a href="https://x.example.com/2">Click here to get your order</a>';
    expect(findOrderLink({ text: null, html }, 'click here', '')).toBe('https://x.example.com/2');
  });

  it('decodes entities in hrefs, numeric and named', () => {
    const html =
      'Your order: <a href="https://shop.example.com/dl?id=7&amp;kind=pdf&#38;lang=en&#x26;v=2">download</a>';
    expect(findOrderLink({ text: null, html }, 'your order', 'dl?')).toBe(
      'https://shop.example.com/dl?id=7&kind=pdf&lang=en&v=2',
    );
  });

  it('finds bare URLs in the HTML text and decodes their entities', () => {
    const html = '<div>Order ready at https://files.example.com/get?a=1&amp;b=2.</div>';
    expect(findOrderLink({ text: null, html }, 'order ready', 'files.')).toBe(
      'https://files.example.com/get?a=1&b=2',
    );
  });

  it('ignores links that are not http or https', () => {
    const html =
      'Order: <a href="mailto:orders@example.com">mail us</a> <a href="/relative/orders">orders</a> <a href="HTTPS://portal.example.com/Orders/9">orders</a>';
    expect(findOrderLink({ text: null, html }, 'order', 'orders')).toBe(
      'HTTPS://portal.example.com/Orders/9',
    );
  });

  it('reads bare URLs from the plain text when there is no HTML', () => {
    const text = [
      'Previous order: https://portal.example.com/orders/1',
      '',
      'Please download your new',
      'order here: (https://portal.example.com/orders/2?x=(a)).',
      'Help: https://portal.example.com/help',
    ].join('\n');
    expect(findOrderLink({ text, html: null }, 'download your new order', 'orders')).toBe(
      'https://portal.example.com/orders/2?x=(a)',
    );
  });

  it('falls back to the plain text when the HTML part has no matching link', () => {
    const html = '<p>Your order is attached to the text part.</p>';
    const text = 'Your order: <https://portal.example.com/orders/5>';
    expect(findOrderLink({ text, html }, 'your order', 'orders')).toBe('https://portal.example.com/orders/5');
  });

  it('returns null when the preceding text is missing', () => {
    expect(findOrderLink({ text: null, html: orderEmailHtml }, 'your invoice', '')).toBeNull();
  });

  it('returns null when no link after the preceding text holds the required text', () => {
    expect(findOrderLink({ text: null, html: orderEmailHtml }, 'unsubscribe', '/orders/')).toBeNull();
    expect(findOrderLink({ text: 'No links at all.', html: null }, '', '')).toBeNull();
    expect(findOrderLink({ text: null, html: null }, '', '')).toBeNull();
  });

  it('reads HTML full of unclosed tags in one pass, where the backtracking scan stalls', async () => {
    const junk = '<script x'.repeat(10_000);
    // The tag scan of before, JavaScript's RegExp, on 90 KB of it: still at work after two seconds (38 s in all).
    const oldScan = `for (const tag of workerData.html.matchAll(/<(\\/?)([a-zA-Z][^\\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g));`;
    expect(await runWithLimit(oldScan, { html: '<p>fine</p>' }, 10_000)).toBe('finished');
    expect(await runWithLimit(oldScan, { html: junk }, 2_000)).toBe('still running');
    const html = `<p>Your order: <a href="https://portal.example.com/orders/7">download</a></p>${junk}${'<a x'.repeat(50_000)}`;
    expect(findOrderLink({ text: null, html }, 'your order', 'orders')).toBe(
      'https://portal.example.com/orders/7',
    );
  }, 30_000);

  it('still skips comments, scripts, styles, the title and the head, in any case', () => {
    const html = `<HEAD><Title>https://a.example.com/orders/1</Title></HEAD>
      <!-- https://b.example.com/orders/2 --><SCRIPT type="x">var u = "https://c.example.com/orders/3";</script >
      <style>.x{background:url(https://d.example.com/orders/4)}</STYLE>
      Order: https://e.example.com/orders/5`;
    expect(findOrderLink({ text: null, html }, '', 'orders')).toBe('https://e.example.com/orders/5');
  });
});
