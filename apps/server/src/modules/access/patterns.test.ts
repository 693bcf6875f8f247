import { describe, expect, it } from 'vitest';
import { matchesPattern, requestPath } from './patterns.ts';

describe('interface permission patterns', () => {
  it.each([
    ['/api/bl-wms/stock/**', '/api/bl-wms/stock/list', true],
    ['/api/bl-wms/stock/**', '/api/bl-wms/stock', true],
    ['/api/bl-wms/stock/**', '/api/bl-wms/stock/a/b/c', true],
    ['/api/bl-wms/stock/**', '/api/bl-wms/stockstream/list', false],
    ['/api/bl-wms/stock/**', '/api/bl-wms', false],
    ['/api/bl-wms/stock/list', '/api/bl-wms/stock/list', true],
    ['/api/bl-wms/stock/list', '/api/bl-wms/stock/list/', true],
    ['/api/bl-wms/stock/list', '/api/bl-wms/stock/detail', false],
    ['/api/bl-wms/*/list', '/api/bl-wms/stock/list', true],
    ['/api/bl-wms/*/list', '/api/bl-wms/stock/x/list', false],
    ['/api/bl-wms/stock*/list', '/api/bl-wms/stockstream/list', true],
    ['/api/bl-wms/stock?/list', '/api/bl-wms/stocks/list', true],
    ['/api/bl-wms/stock?/list', '/api/bl-wms/stock/list', false],
    ['/api/**/export', '/api/bl-wms/stock/export', true],
    ['/api/**/export', '/api/export', true],
    ['/api/**/export', '/api/bl-wms/stock/export/x', false],
    ['/**', '/api/anything/at/all', true],
    ['/api/**/**/list', '/api/a/list', true],
  ])('%s against %s is %s', (pattern, path, expected) => {
    expect(matchesPattern(pattern, path)).toBe(expected);
  });

  it('checks the decoded path without its query string', () => {
    expect(requestPath('/api/bl-wms/%73tock/list?current=1')).toBe('/api/bl-wms/stock/list');
    expect(matchesPattern('/api/bl-wms/stock/**', requestPath('/api/bl-wms/%73tock/list'))).toBe(true);
    expect(requestPath('/api/%E0%A4%A/x')).toBe('/api/%E0%A4%A/x');
  });
});
