import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('uses the documented defaults and stores a generated secret key in DATA_DIR', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminUsername).toBe('admin');
    expect(config.smtp).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim()).toBe(config.secretKey);
    expect(loadConfig({ DATA_DIR: dataDir }).secretKey).toBe(config.secretKey);
  });

  it('reads the system sender settings', () => {
    const config = loadConfig({
      APP_SECRET_KEY: 'x'.repeat(40),
      SMTP_HOST: 'mail.example.com',
      SMTP_SECURE: 'true',
      SMTP_USER: 'bot@example.com',
      MAIL_FROM: 'Bot <bot@example.com>',
      PUBLIC_URL: 'https://ops.example.com/',
    });
    expect(config.smtp).toMatchObject({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      from: 'Bot <bot@example.com>',
    });
    expect(config.publicUrl).toBe('https://ops.example.com');
    expect(config.secureCookies).toBe(true);
  });

  it('reports every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'nope', APP_SECRET_KEY: 'short' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'nope', APP_SECRET_KEY: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('APP_SECRET_KEY');
    }
  });
});
