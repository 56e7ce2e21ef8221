import { describe, expect, it } from 'vitest';
import { createSecretBox, nextSecret } from './secrets';

describe('secret box', () => {
  const box = createSecretBox('a'.repeat(40));

  it('round-trips and never stores the plain text', () => {
    const sealed = box.encrypt('hunter2 ünïcode');
    expect(sealed).not.toContain('hunter2');
    expect(box.decrypt(sealed)).toBe('hunter2 ünïcode');
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('refuses a tampered value or another key', () => {
    const sealed = box.encrypt('secret');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => box.decrypt(parts.join(':'))).toThrow();
    expect(() => createSecretBox('b'.repeat(40)).decrypt(sealed)).toThrow();
  });

  it('keeps the stored secret when the input is blank', () => {
    const stored = box.encrypt('old');
    expect(nextSecret(box, '', stored)).toBe(stored);
    expect(box.decrypt(nextSecret(box, 'new', stored)!)).toBe('new');
    expect(nextSecret(box, '', null)).toBeNull();
  });
});
