import { describe, expect, it } from 'vitest';
import { legacySealedSecret } from '../../test/helper';
import { createSecretBox } from './secrets';

describe('secret box', () => {
  const box = createSecretBox('a'.repeat(40));
  const binding = '["mail","imap.example.com"]';

  it('round-trips and never stores the plain text', () => {
    const sealed = box.seal('hunter2 ünïcode', binding);
    expect(sealed).toMatch(/^v2:/);
    expect(sealed).not.toContain('hunter2');
    expect(box.open(sealed, binding)).toBe('hunter2 ünïcode');
    expect(box.seal('same', binding)).not.toBe(box.seal('same', binding));
  });

  it('opens only with the settings it was sealed to', () => {
    const sealed = box.seal('secret', binding);
    expect(() => box.open(sealed, '["mail","attacker.example"]')).toThrow();
    expect(() => box.open(sealed, '')).toThrow();
  });

  it('refuses a tampered value or another key', () => {
    const sealed = box.seal('secret', binding);
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => box.open(parts.join(':'), binding)).toThrow();
    expect(() => createSecretBox('b'.repeat(40)).open(sealed, binding)).toThrow();
  });

  it('reads a secret stored before bindings only through openLegacy', () => {
    const v1 = legacySealedSecret('a'.repeat(40), 'old secret');
    expect(box.isLegacy(v1)).toBe(true);
    expect(box.openLegacy(v1)).toBe('old secret');
    expect(() => box.open(v1, binding)).toThrow();
    expect(box.isLegacy(box.seal('x', binding))).toBe(false);
  });
});
