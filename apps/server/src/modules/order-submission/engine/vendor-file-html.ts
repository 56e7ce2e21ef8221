/** The vendor file as a printable HTML page, which the engine prints to PDF with Chromium. */
import { maxOf } from './template-columns';
import type { VendorFile } from './vendor-file';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** A printable HTML page of the vendor file (the engine prints it to PDF with Chromium). */
export function renderVendorFileHtml(file: VendorFile, title: string): string {
  const width = Math.max(file.header.length, maxOf(file.rows.map((row) => row.length)));
  const cellsOf = (row: readonly string[], tag: 'th' | 'td') =>
    Array.from({ length: width }, (_, c) => `<${tag}>${escapeHtml(row[c] ?? '')}</${tag}>`).join('');
  const body = file.rows.map((row) => `<tr>${cellsOf(row, 'td')}</tr>`).join('\n');
  const lineCount = `${file.rows.length} ${file.rows.length === 1 ? 'line' : 'lines'}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
@page { size: landscape; margin: 12mm; }
body { font-family: Arial, Helvetica, sans-serif; font-size: 9pt; color: #000; margin: 0; }
h1 { font-size: 13pt; margin: 0 0 4px; }
p { margin: 0 0 8px; color: #444; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #999; padding: 3px 5px; text-align: left; vertical-align: top; white-space: pre-wrap; overflow-wrap: anywhere; }
th { background: #eee; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(file.fileName)} · ${lineCount}</p>
<table>
<thead><tr>${cellsOf(file.header, 'th')}</tr></thead>
<tbody>
${body}
</tbody>
</table>
</body>
</html>
`;
}
