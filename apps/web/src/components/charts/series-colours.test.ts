import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The charts' series colours (index.css, docs/decisions/0024-charts.md) against each theme's page and card:
 * at least 4.5:1, so that a bar, a line or a marker is as visible as text would have to be.
 */
const css = readFileSync(fileURLToPath(new URL('../../index.css', import.meta.url)), 'utf8');

function seriesOf(selector: string): Record<string, string> {
  const blocks = [...css.matchAll(new RegExp(`${selector.replace('.', '\\.')} \\{([^}]*)\\}`, 'g'))];
  const block = blocks.map((match) => match[1]!).find((body) => body.includes('--series-'));
  return Object.fromEntries(
    [...(block ?? '').matchAll(/--(series-[a-z]+): (#[0-9a-f]{6});/g)].map((m) => [m[1]!, m[2]!]),
  );
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('series colours', () => {
  // oklch(1 0 0) and oklch(0.145 0 0) / oklch(0.205 0 0): the themes' page and card backgrounds in sRGB.
  const themes = [
    { selector: ':root', backgrounds: ['#ffffff'] },
    { selector: '.dark', backgrounds: ['#0a0a0a', '#171717'] },
  ];
  for (const { selector, backgrounds } of themes) {
    it(`${selector}: six series, each at least 4.5:1 against the page and the card`, () => {
      const series = seriesOf(selector);
      expect(Object.keys(series)).toHaveLength(6);
      for (const [name, colour] of Object.entries(series)) {
        for (const background of backgrounds) {
          expect(contrast(colour, background), `${name} ${colour} on ${background}`).toBeGreaterThanOrEqual(
            4.5,
          );
        }
      }
    });
  }
});
