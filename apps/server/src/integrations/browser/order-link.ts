/**
 * Finds the order link in an order e-mail whose file sits behind a link (docs/behaviour/order-submission.md#order-files-behind-a-link, noAttachmentsNeedsLinkClick).
 * The HTML part is read as a flow of visible text with its links at their places, so "the link after this
 * text" means what a reader of the rendered e-mail sees; the plain-text part is the fallback.
 */
import { RE2JS } from 're2js';

export interface MailBody {
  text: string | null;
  html: string | null;
}

interface PlacedLink {
  url: string;
  /** Offsets in the lower-cased, whitespace-collapsed text flow: where the link's own text starts and ends. */
  start: number;
  end: number;
}

interface TextFlow {
  text: string;
  links: PlacedLink[];
}

/**
 * The order link in an e-mail body: the first link after `precededByText` (case-insensitive; in the HTML part's
 * text flow, or in the plain text) whose URL contains `alwaysContainsText`; either rule may be blank. Returns null
 * when none. Looks at <a href> in HTML and bare http(s) URLs in text.
 */
export function findOrderLink(
  body: MailBody,
  precededByText: string,
  alwaysContainsText: string,
): string | null {
  const flows: TextFlow[] = [];
  if (body.html?.trim()) flows.push(htmlTextFlow(body.html));
  if (body.text?.trim()) flows.push(plainTextFlow(body.text));
  for (const flow of flows) {
    const link = pickLink(flow, precededByText, alwaysContainsText);
    if (link) return link;
  }
  return null;
}

function pickLink(flow: TextFlow, precededByText: string, alwaysContainsText: string): string | null {
  const phrase = collapseWhitespace(precededByText).trim().toLowerCase();
  let phraseStart = 0;
  if (phrase) {
    phraseStart = flow.text.indexOf(phrase);
    if (phraseStart < 0) return null;
  }
  const required = alwaysContainsText.trim().toLowerCase();
  for (const link of flow.links) {
    // A link whose own label holds the phrase ("Click here to download") counts as following it.
    const afterPhrase = link.start >= phraseStart || link.end > phraseStart;
    if (!afterPhrase) continue;
    if (required && !link.url.toLowerCase().includes(required)) continue;
    return link.url;
  }
  return null;
}

const BARE_URL = /https?:\/\/[^\s<>"'`]+/gi;

class FlowBuilder {
  private text = '';
  readonly links: PlacedLink[] = [];

  get offset(): number {
    return this.text.length;
  }

  append(raw: string): void {
    let chunk = collapseWhitespace(raw).toLowerCase();
    if (chunk.startsWith(' ') && (this.text === '' || this.text.endsWith(' '))) chunk = chunk.slice(1);
    this.text += chunk;
  }

  /** Appends text, placing every bare URL in it as a link (unless the text is already inside a link). */
  appendWithBareUrls(raw: string, insideLink: boolean): void {
    if (insideLink) {
      this.append(raw);
      return;
    }
    let last = 0;
    for (const match of raw.matchAll(BARE_URL)) {
      const url = trimTrailingPunctuation(match[0]);
      this.append(raw.slice(last, match.index));
      const start = this.offset;
      this.append(url);
      this.links.push({ url, start, end: this.offset });
      last = match.index + url.length;
    }
    this.append(raw.slice(last));
  }

  build(): TextFlow {
    return { text: this.text, links: this.links };
  }
}

function plainTextFlow(text: string): TextFlow {
  const builder = new FlowBuilder();
  builder.appendWithBareUrls(text, false);
  return builder.build();
}

// The HTML is whoever sent the e-mail's to write. On JavaScript's backtracking engine these scans took time
// quadratic in unclosed tags ("<script x" 10,000 times, 90 KB: 38 s with the event loop blocked), so they
// run on RE2 (re2js), linear in the text. RE2's \s is HTML's own white space.
const INVISIBLE_BLOCKS = RE2JS.compile(
  [
    '<!--[\\s\\S]*?-->',
    ...['script', 'style', 'title', 'head'].map((name) => `<${name}\\b[^>]*>[\\s\\S]*?</${name}\\s*>`),
  ].join('|'),
  RE2JS.CASE_INSENSITIVE,
);
// Quoted attribute values may hold '>' ("a>b"), so a tag ends only at a '>' outside quotes.
const TAG = RE2JS.compile(`<(/?)([a-zA-Z][^\\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>`);
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

function htmlTextFlow(html: string): TextFlow {
  const builder = new FlowBuilder();
  const source = INVISIBLE_BLOCKS.matcher(html).replaceAll(' ');
  let openLink: PlacedLink | null = null;
  let last = 0;
  const closeOpenLink = () => {
    if (!openLink) return;
    openLink.end = builder.offset;
    builder.links.push(openLink);
    openLink = null;
  };
  const tags = TAG.matcher(source);
  while (tags.find()) {
    builder.appendWithBareUrls(decodeHtmlEntities(source.slice(last, tags.start())), openLink !== null);
    last = tags.end();
    const closing = tags.group(1) === '/';
    const name = (tags.group(2) ?? '').toLowerCase();
    if (name === 'a') {
      closeOpenLink();
      if (!closing) {
        const href = HREF.exec(tags.group(3) ?? '');
        const url = href ? decodeHtmlEntities(href[1] ?? href[2] ?? href[3] ?? '').trim() : '';
        if (/^https?:\/\//i.test(url)) openLink = { url, start: builder.offset, end: builder.offset };
      }
    } else if (BLOCK_TAGS.has(name)) {
      builder.append(' ');
    }
  }
  builder.appendWithBareUrls(decodeHtmlEntities(source.slice(last)), openLink !== null);
  closeOpenLink();
  return builder.build();
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
};

function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

function collapseWhitespace(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ');
}

/** "See https://x.test/a." ends the sentence, not the URL; a ')' closes the URL only when it opened one. */
function trimTrailingPunctuation(url: string): string {
  let trimmed = url;
  for (;;) {
    const lastChar = trimmed.at(-1);
    if (lastChar && '.,;:!?\'"]>'.includes(lastChar)) {
      trimmed = trimmed.slice(0, -1);
    } else if (lastChar === ')' && countOf(trimmed, '(') < countOf(trimmed, ')')) {
      trimmed = trimmed.slice(0, -1);
    } else {
      return trimmed;
    }
  }
}

function countOf(text: string, char: string): number {
  return text.split(char).length - 1;
}
