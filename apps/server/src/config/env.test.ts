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
    expect(config.publicOrigin).toBeUndefined();
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
    expect(config.publicOrigin).toBe('https://ops.example.com');
    expect(config.secureCookies).toBe(true);
  });

  it('reads the connect timeout of mail and SFTP servers in seconds (15 unless set)', () => {
    const key = { APP_SECRET_KEY: 'x'.repeat(40) };
    expect(loadConfig(key).connectTimeoutMs).toBe(15_000);
    expect(loadConfig({ ...key, CONNECT_TIMEOUT_SECONDS: '2.5' }).connectTimeoutMs).toBe(2_500);
    expect(() => loadConfig({ ...key, CONNECT_TIMEOUT_SECONDS: '0' })).toThrow(
      'CONNECT_TIMEOUT_SECONDS must be at least 0.1',
    );
  });

  it('reads the spreadsheet reader limits, 1 GB and 120 s by default', () => {
    const key = { APP_SECRET_KEY: 'x'.repeat(40) };
    expect(loadConfig(key)).toMatchObject({ spreadsheetMaxMemoryMb: 1024, spreadsheetTimeoutSeconds: 120 });
    const set = loadConfig({ ...key, SPREADSHEET_MAX_MEMORY_MB: '512', SPREADSHEET_TIMEOUT_SECONDS: '30' });
    expect(set).toMatchObject({ spreadsheetMaxMemoryMb: 512, spreadsheetTimeoutSeconds: 30 });
    expect(() => loadConfig({ ...key, SPREADSHEET_MAX_MEMORY_MB: '64' })).toThrow(
      /SPREADSHEET_MAX_MEMORY_MB/,
    );
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

  it('trusts no proxy unless TRUST_PROXY lists their addresses', () => {
    const key = { APP_SECRET_KEY: 'x'.repeat(40) };
    expect(loadConfig(key).trustProxy).toBe(false);
    expect(loadConfig({ ...key, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(
      loadConfig({
        ...key,
        TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,Loopback, ::1, fd00::/8, 10.0.0.0/255.0.0.0',
      }).trustProxy,
    ).toEqual(['10.0.0.5', '172.16.0.0/12', 'loopback', '::1', 'fd00::/8', '10.0.0.0/255.0.0.0']);
    for (const bad of [
      'true',
      '1',
      '10.0.0.300',
      '10.0.0.0/33',
      '::1/129',
      'proxy.example.com',
      '10.0.0.5,',
    ]) {
      expect(() => loadConfig({ ...key, TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY must list the addresses/,
      );
    }
  });
});
