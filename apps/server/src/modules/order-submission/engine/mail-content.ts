/**
 * The text of a vendor's submission e-mail (docs/behaviour/order-submission.md#sending): the vendor's subject and body with the wildcards
 * {poNumbers}, {originalSubject} and {originalBody} replaced, and the original e-mail's body as text.
 */

export interface WildcardValues {
  /** Distinct PO numbers of the vendor's lines, in file order. */
  poNumbers: string[];
  /** The order e-mails the lines came from (none for a re-processed file). */
  originals: Array<{ subject: string; body: string }>;
}

/** Wildcards are matched without regard to case or spaces inside the braces ({ PONumbers } works too). */
const WILDCARD = /\{\s*(poNumbers|originalSubject|originalBody)\s*\}/gi;

export function fillWildcards(template: string, values: WildcardValues): string {
  const subjects = distinct(values.originals.map((original) => original.subject.trim()).filter(Boolean));
  const bodies = values.originals.map((original) => original.body.trim()).filter(Boolean);
  return template.replace(WILDCARD, (_, name: string) => {
    switch (name.toLowerCase()) {
      case 'ponumbers':
        return values.poNumbers.join(', ');
      case 'originalsubject':
        return subjects.join('; ');
      default:
        return bodies.join('\n\n----------\n\n');
    }
  });
}

export function distinct(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The distinct, non-blank PO numbers of some lines, in order. */
export function poNumbersOf(lines: ReadonlyArray<{ poNumber: string }>): string[] {
  return distinct(lines.map((line) => line.poNumber.trim()).filter(Boolean));
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * A readable plain-text version of an HTML body, for {originalBody} when an order e-mail has no text part:
 * block elements become line breaks, links keep their address, scripts and styles go.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(
      /<a\b[^>]*\bhref\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a\s*>/gi,
      (_, href: string, label: string) => {
        const text = label.replace(/<[^>]+>/g, '').trim();
        return text && text !== href ? `${text} (${href})` : href;
      },
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|li|h[1-6]|table|blockquote)\s*>/gi, '\n')
    .replace(/<(td|th)\b[^>]*>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code.startsWith('#')) {
        const value =
          code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
        // An out-of-range reference stays as written rather than failing the whole body.
        return Number.isInteger(value) && value > 0 && value <= 0x10ffff
          ? String.fromCodePoint(value)
          : entity;
      }
      return ENTITIES[code.toLowerCase()] ?? entity;
    })
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The body of an order e-mail as text: its text part, else its HTML part made readable. */
export function bodyText(text: string, html: string): string {
  return text.trim() !== '' ? text.trim() : htmlToText(html);
}
