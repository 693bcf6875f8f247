import dns from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';
import { Agent } from 'undici';

/**
 * The outbound-address guard: every connection to a server a tenant configured (an S3 store,
 * an LDAP directory) goes through here, so that a tenant administrator cannot make this
 * server reach what only it can reach (its own ports, the cloud metadata service, the
 * intranet behind it). See ADR 0015.
 *
 * A host name is resolved once, all its addresses are checked, and the socket connects to the
 * checked address (the check is the socket's own `lookup`, not a look-up of its own before a
 * second one at connect time), so a name that changes its answer between check and connect
 * (DNS rebinding) gets nowhere. Not covered: an HTTP redirect (the S3 store follows none), and
 * whatever the remote server itself does on our behalf.
 */

/** Who may be reached besides public addresses: set by the operator, never by a tenant. */
export interface OutboundPolicy {
  /** Private ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) may be reached. */
  allowPrivate: boolean;
  /** `host`, `host:port` or a CIDR (`10.1.0.0/16`, `127.0.0.1/32`): reachable whatever its range. */
  allowedHosts: string[];
}

/** The guard refused an address: the user is told so, without the address it resolved to. */
export class OutboundRefused extends Error {
  readonly code = 'OUTBOUND_REFUSED';
  constructor(readonly host: string) {
    super(`outbound connection to ${host} refused: the address is not allowed`);
    this.name = 'OutboundRefused';
  }
}

function rangeList(ranges: [string, number, 'ipv4' | 'ipv6'][]): net.BlockList {
  const list = new net.BlockList();
  for (const [address, prefix, family] of ranges) list.addSubnet(address, prefix, family);
  return list;
}

/** Ranges an intranet deployment may open with OUTBOUND_ALLOW_PRIVATE. */
const privateRanges = rangeList([
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
]);

/** Ranges never reached unless listed one by one: this machine, link-local, multicast, reserved. */
const specialRanges = rangeList([
  ['0.0.0.0', 8, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
  // NAT64 and the deprecated IPv4-compatible form embed an IPv4 address that could be internal.
  ['64:ff9b::', 96, 'ipv6'],
  ['::', 96, 'ipv6'],
]);

/** An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`) as the IPv4 address it is. */
export function unmapped(address: string): string {
  const match = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/i.exec(address);
  if (!match || net.isIPv6(address) === false) return address;
  const rest = match[1] as string;
  if (net.isIPv4(rest)) return rest;
  const groups = rest.split(':');
  if (groups.length !== 2) return address;
  const [high, low] = groups.map((g) => Number.parseInt(g, 16)) as [number, number];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

type Verdict = 'public' | 'private' | 'special';

export function classify(address: string): Verdict {
  const plain = unmapped(address);
  const family = net.isIPv4(plain) ? 'ipv4' : 'ipv6';
  if (specialRanges.check(plain, family)) return 'special';
  if (privateRanges.check(plain, family)) return 'private';
  return 'public';
}

/** Reads OUTBOUND_ALLOWED_HOSTS entries into host names (with their port, if any) and ranges. */
function compile(policy: OutboundPolicy) {
  const hosts: { host: string; port: number | undefined }[] = [];
  const ranges = new net.BlockList();
  for (const entry of policy.allowedHosts) {
    const cidr = /^(.+)\/(\d{1,3})$/.exec(entry);
    if (cidr && net.isIP(cidr[1] as string)) {
      const address = unmapped(cidr[1] as string);
      ranges.addSubnet(address, Number(cidr[2]), net.isIPv4(address) ? 'ipv4' : 'ipv6');
      continue;
    }
    const hostPort = /^\[?([^\]]+?)\]?(?::(\d{1,5}))?$/.exec(entry);
    if (!hostPort) throw new Error(`OUTBOUND_ALLOWED_HOSTS: cannot read "${entry}"`);
    hosts.push({
      host: (hostPort[1] as string).toLowerCase(),
      port: hostPort[2] ? Number(hostPort[2]) : undefined,
    });
  }
  return { hosts, ranges };
}

/** Whether OUTBOUND_ALLOWED_HOSTS entries read; thrown at start for a setting that does not. */
export function checkPolicy(policy: OutboundPolicy): void {
  compile(policy);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** The guard of one configured server (`host`, `port`): its look-up and its connections. */
export class OutboundTarget {
  private readonly named: boolean;
  private readonly ranges: net.BlockList;
  private readonly allowPrivate: boolean;

  constructor(
    policy: OutboundPolicy,
    readonly host: string,
    readonly port: number,
  ) {
    const { hosts, ranges } = compile(policy);
    const name = host.replace(/^\[|\]$/g, '').toLowerCase();
    this.named = hosts.some(
      (entry) => entry.host === name && (entry.port === undefined || entry.port === port),
    );
    this.ranges = ranges;
    this.allowPrivate = policy.allowPrivate;
  }

  /** Whether a resolved address of this server may be reached. */
  allows(address: string): boolean {
    if (this.named) return true;
    const plain = unmapped(address);
    if (this.ranges.check(plain, net.isIPv4(plain) ? 'ipv4' : 'ipv6')) return true;
    const verdict = classify(plain);
    return verdict === 'public' || (verdict === 'private' && this.allowPrivate);
  }

  /**
   * Refuses a server given as an address that may not be reached. Sockets skip their look-up
   * for an address, so this is the check for those; names are checked by `lookup`.
   */
  assertLiteral(): void {
    const literal = this.host.replace(/^\[|\]$/g, '');
    if (net.isIP(literal) && !this.allows(literal)) throw new OutboundRefused(this.host);
  }

  /** A socket look-up that resolves every address of the name and refuses them all if one is refused. */
  readonly lookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || list.some((entry) => !this.allows(entry.address)))
        return callback(new OutboundRefused(this.host) as NodeJS.ErrnoException, []);
      if (options.all) return callback(null, list);
      const [first] = list as [dns.LookupAddress];
      callback(null, first.address, first.family);
    });
  };

  /** A plain TCP connection to the server (LDAP). */
  connect(): net.Socket {
    this.assertLiteral();
    return net.connect({ host: this.host, port: this.port, lookup: this.lookup });
  }

  /** A TLS connection to the server (LDAPS), its certificate checked against the name. */
  connectTls(options: tls.ConnectionOptions = {}): tls.TLSSocket {
    this.assertLiteral();
    return tls.connect({
      ...options,
      host: this.host,
      port: this.port,
      ...(!net.isIP(this.host) && { servername: this.host }),
      lookup: this.lookup,
    });
  }

  /** An HTTP dispatcher (for undici's fetch) whose connections go through the guard. */
  dispatcher(): Agent {
    return new Agent({ connect: { lookup: this.lookup }, keepAliveTimeout: 1000 });
  }
}
