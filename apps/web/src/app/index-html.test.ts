import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webRoot = path.resolve(import.meta.dirname, '../..');

/** The server's Content-Security-Policy allows scripts from our own origin only, never inline ones. */
describe('index.html', () => {
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];

  it('has no inline script: each script is a file', () => {
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes, 'script without src').toMatch(/\bsrc="[^"]+"/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it('loads the theme script from public/ before the app', () => {
    const sources = scripts.map(([, attributes]) => /\bsrc="([^"]+)"/.exec(attributes ?? '')?.[1]);
    expect(sources[0]).toBe('/theme.js');
    expect(existsSync(path.join(webRoot, 'public', 'theme.js'))).toBe(true);
  });
});
