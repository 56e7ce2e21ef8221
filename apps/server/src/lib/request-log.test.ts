import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log';

describe('the request log’s URLs', () => {
  it('redacts tokens, secrets, passwords and the OAuth callback’s code and state', () => {
    expect(redactUrl('/api/email-sources/oauth/callback?code=abc&state=xyz.sig&session_state=1')).toBe(
      '/api/email-sources/oauth/callback?code=[redacted]&state=[redacted]&session_state=1',
    );
    expect(redactUrl('/reset-password?token=t&from=mail')).toBe('/reset-password?token=[redacted]&from=mail');
    expect(redactUrl('/api/runs?status=failed&zipcode=1')).toBe('/api/runs?status=failed&zipcode=1');
  });
});
