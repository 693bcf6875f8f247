import { describe, expect, it } from 'vitest';
import { accountForSearch, escapeFilterValue, isValidFilter, userSearchFilter } from './ldap.ts';

describe('directory search filters (RFC 4515)', () => {
  it('escapes the characters that are filter syntax, and only those', () => {
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a');
    expect(escapeFilterValue('a\\b')).toBe('a\\5cb');
    expect(escapeFilterValue('nul\0here')).toBe('nul\\00here');
    expect(escapeFilterValue('zhang.san@corp.example')).toBe('zhang.san@corp.example');
    expect(escapeFilterValue('張三')).toBe('張三');
  });

  it('looks an account up by every login attribute, inside the extra filter', () => {
    const config = {
      loginAttributes: ['sAMAccountName', 'userPrincipalName'],
      userFilter: '(objectClass=person)',
    };
    expect(userSearchFilter(config, 'zhang.san')).toBe(
      '(&(objectClass=person)(|(sAMAccountName=zhang.san)(userPrincipalName=zhang.san)))',
    );
    expect(userSearchFilter({ loginAttributes: ['uid'], userFilter: '' }, 'x*')).toBe('(uid=x\\2a)');
    // An injection attempt stays one value of one comparison: the filter keeps its shape.
    const injected = userSearchFilter(config, '*)(|(objectClass=*');
    expect(isValidFilter(injected)).toBe(true);
    expect(injected).toBe(
      '(&(objectClass=person)(|(sAMAccountName=\\2a\\29\\28|\\28objectClass=\\2a)(userPrincipalName=\\2a\\29\\28|\\28objectClass=\\2a)))',
    );
  });

  it('reads a down-level logon name as its account name', () => {
    expect(accountForSearch('CORP\\zhang.san')).toBe('zhang.san');
    expect(accountForSearch(' zhang.san@corp.example ')).toBe('zhang.san@corp.example');
    expect(accountForSearch('zhang.san')).toBe('zhang.san');
  });

  it('tells a well-formed extra filter from a broken one', () => {
    expect(isValidFilter('(objectClass=person)')).toBe(true);
    expect(isValidFilter('(&(objectClass=user)(memberOf=CN=WMS,OU=Groups,DC=corp,DC=example))')).toBe(true);
    expect(isValidFilter('objectClass=person')).toBe(false);
    expect(isValidFilter('(objectClass=person')).toBe(false);
    expect(isValidFilter('(&(a=1)(b=2)')).toBe(false);
  });
});
