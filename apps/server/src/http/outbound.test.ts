import type dns from 'node:dns';
import { describe, expect, it } from 'vitest';
import { classify, OutboundRefused, OutboundTarget, unmapped } from './outbound.ts';

const none = { allowPrivate: false, allowedHosts: [] };

/** The look-up a socket would make through the guard: the address it connects to, or the refusal. */
function lookUp(target: OutboundTarget, name = target.host): Promise<string> {
  return new Promise((resolve, reject) => {
    target.lookup(name, {}, (error, address) => (error ? reject(error) : resolve(address as string)));
  });
}

describe('the outbound-address guard', () => {
  it('tells public addresses from this machine, link-local, private and reserved ones, in every form', () => {
    const special = ['127.0.0.1', '127.9.9.9', '0.0.0.0', '169.254.169.254', '224.0.0.1', '255.255.255.255'];
    const special6 = [
      '::1',
      '::',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
    ];
    const privates = [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      'fc00::1',
      'fd12::1',
    ];
    for (const address of [...special, ...special6]) expect(classify(address), address).toBe('special');
    for (const address of [...privates, '::ffff:10.0.0.1', '::ffff:c0a8:101'])
      expect(classify(address), address).toBe('private');
    for (const address of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(classify(address), address).toBe('public');
    expect(unmapped('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(unmapped('2001:db8::1')).toBe('2001:db8::1');
  });

  it('refuses a name that resolves to this machine, and an address given as such', async () => {
    await expect(lookUp(new OutboundTarget(none, 'localhost', 9000))).rejects.toBeInstanceOf(OutboundRefused);
    expect(() => new OutboundTarget(none, '127.0.0.1', 9000).assertLiteral()).toThrow(OutboundRefused);
    expect(() => new OutboundTarget(none, '[::ffff:127.0.0.1]', 9000).assertLiteral()).toThrow(
      OutboundRefused,
    );
    expect(() => new OutboundTarget(none, '8.8.8.8', 443).assertLiteral()).not.toThrow();
  });

  it('opens what the operator lists: private ranges, a CIDR, a host or a host and port', async () => {
    const privateOk = new OutboundTarget({ allowPrivate: true, allowedHosts: [] }, '10.0.0.5', 9000);
    expect(privateOk.allows('10.0.0.5')).toBe(true);
    expect(privateOk.allows('127.0.0.1')).toBe(false);
    expect(privateOk.allows('169.254.169.254')).toBe(false);
    const cidr = new OutboundTarget(
      { allowPrivate: false, allowedHosts: ['127.0.0.1/32', '::1/128'] },
      'localhost',
      1,
    );
    expect(['127.0.0.1', '::1']).toContain(await lookUp(cidr));
    expect(cidr.allows('127.0.0.2')).toBe(false);
    const named = { allowPrivate: false, allowedHosts: ['localhost:9000'] };
    expect(new OutboundTarget(named, 'localhost', 9000).allows('127.0.0.1')).toBe(true);
    expect(new OutboundTarget(named, 'localhost', 9001).allows('127.0.0.1')).toBe(false);
  });

  it('answers every address when asked for all of them, and only checked ones', async () => {
    const target = new OutboundTarget(
      { allowPrivate: false, allowedHosts: ['127.0.0.1/32'] },
      'localhost',
      1,
    );
    const all = await new Promise<dns.LookupAddress[]>((resolve, reject) =>
      target.lookup('localhost', { all: true, family: 4 }, (error, addresses) =>
        error ? reject(error) : resolve(addresses as dns.LookupAddress[]),
      ),
    );
    expect(all).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});
