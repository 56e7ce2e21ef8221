/**
 * Renders a digest document to the two parts of its e-mail: HTML that reads well in mail clients (tables,
 * inline styles only, no external CSS or images) and the plain-text alternative, from one block list so that
 * both always say the same.
 */

export type Tone = 'normal' | 'muted' | 'error' | 'ok';

export type DigestBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string; tone?: Tone }
  | { kind: 'list'; items: string[]; more?: string; tone?: Tone }
  | {
      kind: 'table';
      columns: Array<{ label: string; numeric?: boolean }>;
      rows: string[][];
      more?: string;
    }
  | { kind: 'card'; title: string; subtitle?: string; blocks: DigestBlock[] };

export interface DigestDocument {
  title: string;
  /** Lines under the title: what the digest covers. */
  intro: string[];
  blocks: DigestBlock[];
  footer: string;
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const TONE_COLOR: Record<Tone, string> = {
  normal: '#1f2937',
  muted: '#6b7280',
  error: '#b91c1c',
  ok: '#15803d',
};

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function blockHtml(block: DigestBlock): string {
  switch (block.kind) {
    case 'heading':
      return `<h3 style="${FONT}margin:18px 0 6px;font-size:15px;color:#111827;">${escapeHtml(block.text)}</h3>`;
    case 'paragraph':
      return `<p style="${FONT}margin:4px 0;font-size:14px;line-height:20px;color:${TONE_COLOR[block.tone ?? 'normal']};">${escapeHtml(block.text)}</p>`;
    case 'list': {
      const color = TONE_COLOR[block.tone ?? 'normal'];
      const items = block.items
        .map(
          (item) =>
            `<li style="${FONT}margin:2px 0;font-size:14px;line-height:20px;color:${color};">${escapeHtml(item)}</li>`,
        )
        .join('');
      const more = block.more
        ? `<p style="${FONT}margin:2px 0 4px 24px;font-size:13px;color:${TONE_COLOR.muted};">${escapeHtml(block.more)}</p>`
        : '';
      return `<ul style="margin:4px 0;padding-left:24px;">${items}</ul>${more}`;
    }
    case 'table': {
      const cell = (numeric: boolean | undefined) =>
        `${FONT}padding:4px 8px;font-size:13px;border-bottom:1px solid #e5e7eb;text-align:${numeric ? 'right' : 'left'};`;
      const head = block.columns
        .map(
          (column) =>
            `<th style="${cell(column.numeric)}background:#f3f4f6;color:#374151;font-weight:600;">${escapeHtml(column.label)}</th>`,
        )
        .join('');
      const body = block.rows
        .map(
          (row) =>
            `<tr>${row
              .map(
                (value, index) =>
                  `<td style="${cell(block.columns[index]?.numeric)}color:#1f2937;">${escapeHtml(value)}</td>`,
              )
              .join('')}</tr>`,
        )
        .join('');
      const more = block.more
        ? `<p style="${FONT}margin:4px 0;font-size:13px;color:${TONE_COLOR.muted};">${escapeHtml(block.more)}</p>`
        : '';
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;width:100%;margin:6px 0;"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>${more}`;
    }
    case 'card': {
      const subtitle = block.subtitle
        ? `<p style="${FONT}margin:2px 0 8px;font-size:13px;color:${TONE_COLOR.muted};">${escapeHtml(block.subtitle)}</p>`
        : '';
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:separate;width:100%;margin:16px 0;border:1px solid #e5e7eb;border-radius:6px;"><tr><td style="padding:12px 16px;"><h2 style="${FONT}margin:0;font-size:17px;color:#111827;">${escapeHtml(block.title)}</h2>${subtitle}${block.blocks.map(blockHtml).join('')}</td></tr></table>`;
    }
  }
}

export function renderDigestHtml(document: DigestDocument): string {
  const intro = document.intro
    .map(
      (line) =>
        `<p style="${FONT}margin:2px 0;font-size:13px;color:${TONE_COLOR.muted};">${escapeHtml(line)}</p>`,
    )
    .join('');
  return [
    '<!DOCTYPE html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(document.title)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f5f7;">',
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="background:#f4f5f7;"><tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="max-width:720px;background:#ffffff;border-radius:8px;"><tr><td style="padding:20px 24px;">',
    `<h1 style="${FONT}margin:0 0 6px;font-size:20px;color:#111827;">${escapeHtml(document.title)}</h1>`,
    intro,
    document.blocks.map(blockHtml).join(''),
    `<p style="${FONT}margin:20px 0 0;padding-top:12px;border-top:1px solid #e5e7eb;font-size:12px;color:${TONE_COLOR.muted};">${escapeHtml(document.footer)}</p>`,
    '</td></tr></table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');
}

function tableText(block: Extract<DigestBlock, { kind: 'table' }>, indent: string): string[] {
  const widths = block.columns.map((column, index) =>
    Math.max(column.label.length, ...block.rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (values: string[]) =>
    indent +
    values
      .map((value, index) =>
        block.columns[index]?.numeric ? value.padStart(widths[index]!) : value.padEnd(widths[index]!),
      )
      .join('  ')
      .trimEnd();
  return [
    line(block.columns.map((column) => column.label)),
    indent + widths.map((width) => '-'.repeat(width)).join('  '),
    ...block.rows.map(line),
    ...(block.more ? [indent + block.more] : []),
  ];
}

function blockText(block: DigestBlock, indent: string): string[] {
  switch (block.kind) {
    case 'heading':
      return ['', `${indent}${block.text}`];
    case 'paragraph':
      return [`${indent}${block.text}`];
    case 'list':
      return [
        ...block.items.map((item) => `${indent}- ${item}`),
        ...(block.more ? [`${indent}  ${block.more}`] : []),
      ];
    case 'table':
      return tableText(block, indent);
    case 'card':
      return [
        '',
        `${indent}== ${block.title} ==`,
        ...(block.subtitle ? [`${indent}${block.subtitle}`] : []),
        ...block.blocks.flatMap((inner) => blockText(inner, `${indent}  `)),
      ];
  }
}

export function renderDigestText(document: DigestDocument): string {
  return [
    document.title,
    '='.repeat(Math.min(document.title.length, 72)),
    ...document.intro,
    ...document.blocks.flatMap((block) => blockText(block, '')),
    '',
    '--',
    document.footer,
    '',
  ].join('\n');
}
