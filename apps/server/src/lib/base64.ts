/** The base64 text of an upload without a data-URL prefix or line breaks, or null when it is not base64. */
export function base64Body(text: string): string | null {
  const body = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (body.length % 4 === 1 || !/^[A-Za-z0-9+/]*={0,2}$/.test(body)) return null;
  return body;
}

/** How many bytes a base64 body decodes to, known before decoding it (to refuse an oversized upload cheaply). */
export function decodedLength(body: string): number {
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - padding;
}
