import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import ldap from 'ldapjs';

/**
 * A small LDAP directory in the test process (ldapjs), shaped like Active Directory: a service
 * account that may search, and people found by sAMAccountName, userPrincipalName or uid. It
 * lets the sign-in and settings tests run on any machine with no directory server around, and
 * records what it was asked, so a test can tell that a bind never happened.
 */

export interface FakePerson {
  /** The entry's RDN value under `ou=People`, e.g. `Zhang San` → `cn=Zhang San,ou=People,…`. */
  cn: string;
  sAMAccountName: string;
  userPrincipalName?: string;
  uid?: string;
  password: string;
  /** Refuse every bind of this person with AD's sub-code, e.g. 775 (locked) or 532 (password expired). */
  adError?: string;
  objectClass?: string[];
}

export interface FakeDirectoryOptions {
  people: FakePerson[];
  /** Serve ldaps:// with a self-signed certificate for localhost / 127.0.0.1. */
  tls?: boolean;
  /** Let an unauthenticated connection search (an OpenLDAP-style anonymous read). */
  anonymousSearch?: boolean;
}

export interface FakeDirectory {
  url: string;
  baseDn: string;
  serviceDn: string;
  servicePassword: string;
  /** Every bind asked for, in order; `password` true when one was given. */
  binds: { dn: string; password: boolean }[];
  /** The filters of every search, as the server parsed them. */
  searches: string[];
  close(): Promise<void>;
}

export const fakeBaseDn = 'dc=corp,dc=example';
const serviceDn = `cn=svc-wms,ou=Service,${fakeBaseDn}`;
const servicePassword = 'Svc-Secret-1';

const supportDir = path.join(import.meta.dirname, 'directory');
/** The certificate the ldaps:// directory shows (self-signed, 127.0.0.1 and localhost). */
export const fakeCertificate = () => fs.readFileSync(path.join(supportDir, 'test-cert.pem'), 'utf8');

/** What the handlers use of ldapjs 3's requests and responses (its published types are older). */
interface Request {
  dn: { toString(): string };
  credentials?: string;
  filter: { toString(): string };
  connection: object;
}
interface Response {
  diagnosticMessage: string;
  send(entry: { dn: string; attributes: Record<string, unknown> }): void;
  end(status?: number): void;
}
type Next = (error?: Error) => void;
interface LdapServer {
  bind(base: string, handler: (req: Request, res: Response, next: Next) => void): void;
  search(base: string, handler: (req: Request, res: Response, next: Next) => void): void;
  listen(port: number, host: string, callback: () => void): void;
  address(): net.AddressInfo;
  close(callback: () => void): void;
}

const dnOf = (person: FakePerson) => `cn=${person.cn},ou=People,${fakeBaseDn}`;
/** DNs compare without case and spacing after commas, as LDAP servers compare them. */
const sameDn = (a: string, b: string) =>
  a.replace(/,\s+/g, ',').toLowerCase() === b.replace(/,\s+/g, ',').toLowerCase();

/** AD's message for a refused bind, carrying the sub-code the sign-in tells apart. */
const adMessage = (code: string) =>
  `80090308: LdapErr: DSID-0C09044E, comment: AcceptSecurityContext error, data ${code}, v4563`;

/**
 * Answers "invalid credentials" (49) with AD's diagnostic message. Set on the response itself:
 * ldapjs 3 drops the message of an error passed to `next`.
 */
function refuse(res: Response, code: string) {
  res.diagnosticMessage = adMessage(code);
  res.end(49);
}

export async function startFakeDirectory(options: FakeDirectoryOptions): Promise<FakeDirectory> {
  const server = (options.tls
    ? ldap.createServer({
        certificate: fakeCertificate(),
        key: fs.readFileSync(path.join(supportDir, 'test-key.pem'), 'utf8'),
      })
    : ldap.createServer()) as unknown as LdapServer;
  const binds: FakeDirectory['binds'] = [];
  const searches: string[] = [];
  // Who each connection is bound as: searches need the service account (or anonymous reads).
  const boundAs = new WeakMap<object, string>();

  server.bind(fakeBaseDn, (req, res, next) => {
    const dn = req.dn.toString();
    const password = String(req.credentials ?? '');
    binds.push({ dn, password: password !== '' });
    // Many real servers take a simple bind with a name and no password as "unauthenticated"
    // and answer success (RFC 4513 §5.1.2): the fake does too, so a client that sent one
    // would sign anybody in, and the tests would see it.
    if (password === '') {
      boundAs.set(req.connection, '');
      res.end();
      return next();
    }
    if (sameDn(dn, serviceDn)) {
      if (password !== servicePassword) return refuse(res, '52e');
      boundAs.set(req.connection, serviceDn);
      res.end();
      return next();
    }
    const person = options.people.find((p) => sameDn(dnOf(p), dn));
    if (!person || person.password !== password) return refuse(res, '52e');
    if (person.adError) return refuse(res, person.adError);
    boundAs.set(req.connection, dnOf(person));
    res.end();
    return next();
  });

  server.search(fakeBaseDn, (req, res, next) => {
    searches.push(req.filter.toString());
    const who = boundAs.get(req.connection) ?? '';
    if (!(options.anonymousSearch && who === '') && !sameDn(who, serviceDn))
      return next(
        new ldap.InsufficientAccessRightsError('the service account must bind first') as unknown as Error,
      );
    // Account attributes match without regard to case, as AD's and OpenLDAP's do: the fake
    // compares lower case on both sides.
    const filter = ldap.parseFilter(req.filter.toString().toLowerCase()) as unknown as {
      matches(attributes: Record<string, unknown>, strictAttributeCase: boolean): boolean;
    };
    for (const person of options.people) {
      const attributes = {
        objectClass: person.objectClass ?? ['top', 'person', 'organizationalPerson', 'user'],
        cn: person.cn,
        sAMAccountName: person.sAMAccountName,
        ...(person.userPrincipalName && { userPrincipalName: person.userPrincipalName }),
        ...(person.uid && { uid: person.uid }),
      };
      const lowered = Object.fromEntries(
        Object.entries(attributes).map(([name, value]) => [
          name.toLowerCase(),
          Array.isArray(value) ? value.map((v) => v.toLowerCase()) : value.toLowerCase(),
        ]),
      );
      if (filter.matches(lowered, false)) res.send({ dn: dnOf(person), attributes });
    }
    res.end();
    return next();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = server.address().port;
  return {
    url: `${options.tls ? 'ldaps' : 'ldap'}://127.0.0.1:${port}`,
    baseDn: fakeBaseDn,
    serviceDn,
    servicePassword,
    binds,
    searches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A server that takes connections and never answers: what a directory behind a dead firewall
 * rule or a hung domain controller looks like. Sign-in must give up at the time-out.
 */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `ldap://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on: connections are refused at once. */
export async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `ldap://127.0.0.1:${port}`;
}
