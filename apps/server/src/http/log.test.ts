import { describe, expect, it } from 'vitest';
import { redactUrl } from './log.ts';

describe('request log', () => {
  it('keeps passwords, refresh tokens and codes out of logged addresses', () => {
    expect(
      redactUrl('/api/bl-auth/token?grantType=password&account=admin&password=21232f29&tenantId=000000'),
    ).toBe('/api/bl-auth/token?grantType=password&account=admin&password=***&tenantId=000000');
    expect(
      redactUrl('/api/bl-auth/token?refresh_token=abc&refreshToken=def&code=123456&codeChallenge=x'),
    ).toBe('/api/bl-auth/token?refresh_token=***&refreshToken=***&code=***&codeChallenge=***');
    expect(redactUrl('/api/x?Pass%77ord=secret')).toBe('/api/x?Pass%77ord=***');
    expect(redactUrl('/api/bl-system/menu/routes')).toBe('/api/bl-system/menu/routes');
    expect(redactUrl('/api/x?passwordHint=1&q')).toBe('/api/x?passwordHint=1&q');
  });
});
