import { isIP } from 'node:net';
import path from 'node:path';
import { checkPolicy, type OutboundPolicy } from './http/outbound.ts';

/** Everything the server reads from its environment, parsed once at start. */
export interface Config {
  port: number;
  host: string;
  /** Data directory of the embedded database (PGlite); unused when `databaseUrl` is set. */
  dataDir: string;
  /** `postgres://...` switches from the embedded database to PostgreSQL. */
  databaseUrl: string | undefined;
  /** The embedded database's buffer cache (`shared_buffers`, e.g. `32MB`); memory of this process. */
  pgliteSharedBuffers: string;
  databasePoolSize: number;
  /** HS256 key for tokens; when unset a random key is made once and kept in the database. */
  jwtSecret: string | undefined;
  logLevel: string;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
  /** Failed sign-ins of one account before it is locked. */
  loginMaxFailures: number;
  /** How long a locked account stays locked, in seconds. */
  loginLockSeconds: number;
  /** Failed sign-ins from one address within `loginLockSeconds` before it must wait. */
  loginAddressMaxFailures: number;
  /**
   * Which proxies in front of the server are believed about the client's address
   * (`X-Forwarded-For`): false, a number of hops, or the proxies' addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /** `redis://…`: rate-limit counts shared through Redis instead of the database. */
  redisUrl: string | undefined;
  /** PEM of the key licences are checked with; unset, the vendor's (modules/auth/license.ts). */
  licensePublicKey: string | undefined;
  /** Built web app to serve; skipped when the folder has no index.html. */
  webDist: string;
  /**
   * The ready-made demo database an empty embedded one starts from (db/template.ts), made by
   * the server build; used only when it belongs to the running build.
   */
  dataTemplate: string;
  /** Seed the demo tenants on an empty database. */
  seedDemo: boolean;
  /** The password "reset password" gives an account (spec 02 §3.2: a fixed default). */
  defaultPassword: string;
  /** Minutes between sweeps of the automatic stock status change (spec 02 §4); 0 turns it off. */
  statusChangeIntervalMinutes: number;
  /** Whether this process runs queued jobs and schedules (JOB_WORKERS=0: it only queues them). */
  jobWorkers: boolean;
  /** Imports of a file this large or larger run as a job (the page shows progress); 0: always. */
  importJobMinBytes: number;
  /**
   * Where the built-in object store keeps uploaded files (one folder per tenant): local disk for
   * one process, a directory every process mounts (NFS, SMB) for several.
   */
  filesDir: string;
  /**
   * An S3-compatible bucket (MinIO, AWS S3, OSS, COS) as the built-in object store instead of
   * `filesDir`: avatars and the attachments of tenants without a storage setting of their own.
   */
  objectStore: ServerObjectStore | undefined;
  /** Largest uploaded attachment, in bytes. */
  uploadMaxBytes: number;
  /** File extensions (lower case, no dot) an attachment may have. */
  uploadExtensions: string[];
  /** How long the body of an upload (attachment, avatar, import) may take to arrive, in ms. */
  uploadTimeoutMs: number;
  /** Which non-public addresses tenant-configured servers (S3 stores, LDAP) may have (http/outbound.ts). */
  outbound: OutboundPolicy;
  /** How long a remote object store (MinIO, OSS, COS, Qiniu) may take to start answering a call, in ms. */
  ossTimeoutMs: number;
  /** How text-message codes are delivered: `log` (the server log) or `webhook` (POST to `codeSenderUrl`). */
  codeSender: 'log' | 'webhook';
  codeSenderUrl: string | undefined;
  /** How long a sent code may be used, in seconds. */
  codeTtlSeconds: number;
  /** How long before the same phone may be sent another code, in seconds (the login page's countdown). */
  codeResendSeconds: number;
  /** Codes one address may ask for within an hour. */
  codeSendMaxPerHour: number;
  /** Captchas one address may ask for within an hour. */
  captchaMaxPerHour: number;
  /** Guest registrations one address may make within an hour. */
  registerMaxPerHour: number;
  /** Third-party sign-in providers that are configured, by source (github, gitee, wechat, qq). */
  socialProviders: Partial<Record<SocialSource, SocialProviderConfig>>;
  /** Origin the providers send users back to (`{origin}/login?source=…`); unset, the request's origin. */
  socialRedirectBase: string | undefined;
  /** `mqtt://host:port` of the site's broker the device feed subscribes to (modules/devices/mqtt.ts). */
  mqttUrl: string | undefined;
  /** Start an embedded MQTT broker (aedes) for a zero-setup demo, on `mqttEmbeddedPort`. */
  mqttEmbedded: boolean;
  /** Shared-subscription group of the feed: the broker hands each message to one member. */
  mqttSharedGroup: string;
  mqttEmbeddedPort: number;
  /** Minutes between device sweeps (offline marks, old nonces, partitions); 0 turns them off. */
  deviceSweepMinutes: number;
  /** Months of raw readings kept (monthly partitions older are dropped); roll-ups stay. */
  readingRetentionMonths: number;
  /** Seconds a switch command waits for the device to report the new state. */
  deviceCommandTimeoutSeconds: number;
  /**
   * The server's own MQTT account (ADR 0026): the embedded broker lets only this account read
   * every device's feed and write commands; an external broker is given it in its password and
   * ACL files (docs/deploy.md).
   */
  mqttUsername: string;
  /** Unset: none for an external broker; for the embedded one a random password made once and kept in the database. */
  mqttPassword: string | undefined;
  /** Failed device authentications (wrong secret or signature, HTTP or MQTT) of one device within `deviceLockSeconds` before it must wait. */
  deviceMaxFailures: number;
  /** Failed device authentications from one address within `deviceLockSeconds` before it must wait. */
  deviceAddressMaxFailures: number;
  deviceLockSeconds: number;
  /** Readings older than this many days are refused (a device's backlog must be newer). */
  readingMaxAgeDays: number;
  /** Readings dated more than this many seconds ahead of the server's clock are refused. */
  readingMaxAheadSeconds: number;
}

/** OBJECT_STORE_*: the server's own S3-compatible bucket, addressed path-style. */
export interface ServerObjectStore {
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
}

export const socialSources = ['wechat', 'qq', 'github', 'gitee'] as const;
export type SocialSource = (typeof socialSources)[number];
export interface SocialProviderConfig {
  clientId: string;
  clientSecret: string;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = intFromEnv(env, name, fallback);
  if (value < 1) throw new Error(`${name} must be at least 1, got "${env[name]}"`);
  return value;
}

/** Office documents, images, PDFs, text and archives: what a warehouse attaches to its records. */
const defaultUploadExtensions = 'jpg,jpeg,png,gif,bmp,webp,pdf,txt,csv,doc,docx,xls,xlsx,ppt,pptx,zip,rar,7z';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return {
    port: intFromEnv(env, 'PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    pgliteSharedBuffers: sharedBuffersFrom(env.PGLITE_SHARED_BUFFERS),
    databasePoolSize: intFromEnv(env, 'DATABASE_POOL_SIZE', 10),
    jwtSecret: env.JWT_SECRET || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimit: intFromEnv(env, 'BODY_LIMIT', 10 * 1024 * 1024),
    loginMaxFailures: intFromEnv(env, 'LOGIN_MAX_FAILURES', 5),
    loginLockSeconds: intFromEnv(env, 'LOGIN_LOCK_SECONDS', 900),
    loginAddressMaxFailures: intFromEnv(env, 'LOGIN_ADDRESS_MAX_FAILURES', 20),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    licensePublicKey: env.LICENSE_PUBLIC_KEY?.trim() || undefined,
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    dataTemplate: path.resolve(env.DATA_TEMPLATE ?? path.join(repoRoot, 'apps/server/dist/pgdata-template')),
    seedDemo: env.SEED_DEMO !== '0',
    defaultPassword: env.DEFAULT_PASSWORD || '123456',
    statusChangeIntervalMinutes: intFromEnv(env, 'STATUS_CHANGE_INTERVAL_MINUTES', 60),
    jobWorkers: env.JOB_WORKERS !== '0',
    importJobMinBytes: intFromEnv(env, 'IMPORT_JOB_MIN_BYTES', 256 * 1024),
    filesDir: path.resolve(env.FILES_DIR || path.join(dataDir, 'files')),
    objectStore: objectStoreFrom(env),
    uploadMaxBytes: intFromEnv(env, 'UPLOAD_MAX_BYTES', 10 * 1024 * 1024),
    uploadExtensions: (env.UPLOAD_EXTENSIONS || defaultUploadExtensions)
      .split(',')
      .map((e) => e.trim().toLowerCase().replace(/^\./, ''))
      .filter(Boolean),
    uploadTimeoutMs: positiveInt(env, 'UPLOAD_TIMEOUT_MS', 120_000),
    outbound: outboundFrom(env),
    ossTimeoutMs: positiveInt(env, 'OSS_TIMEOUT_MS', 30_000),
    codeSender: codeSenderFrom(env),
    codeSenderUrl: env.CODE_SENDER_URL?.trim() || undefined,
    codeTtlSeconds: intFromEnv(env, 'CODE_TTL_SECONDS', 300),
    codeResendSeconds: intFromEnv(env, 'CODE_RESEND_SECONDS', 60),
    codeSendMaxPerHour: intFromEnv(env, 'CODE_SEND_MAX_PER_HOUR', 20),
    captchaMaxPerHour: intFromEnv(env, 'CAPTCHA_MAX_PER_HOUR', 600),
    registerMaxPerHour: intFromEnv(env, 'REGISTER_MAX_PER_HOUR', 20),
    socialProviders: socialFrom(env),
    socialRedirectBase: env.SOCIAL_REDIRECT_BASE?.trim().replace(/\/+$/, '') || undefined,
    mqttUrl: env.MQTT_URL?.trim() || undefined,
    mqttEmbedded: env.MQTT_EMBEDDED === '1',
    mqttSharedGroup: env.MQTT_SHARED_GROUP?.trim() || 'bl-server',
    mqttEmbeddedPort: positiveInt(env, 'MQTT_EMBEDDED_PORT', 1883),
    deviceSweepMinutes: intFromEnv(env, 'DEVICE_SWEEP_MINUTES', 1),
    readingRetentionMonths: positiveInt(env, 'READING_RETENTION_MONTHS', 13),
    deviceCommandTimeoutSeconds: positiveInt(env, 'DEVICE_COMMAND_TIMEOUT_SECONDS', 30),
    mqttUsername: mqttUsernameFrom(env.MQTT_USERNAME),
    mqttPassword: env.MQTT_PASSWORD || undefined,
    deviceMaxFailures: positiveInt(env, 'DEVICE_MAX_FAILURES', 10),
    deviceAddressMaxFailures: positiveInt(env, 'DEVICE_ADDRESS_MAX_FAILURES', 100),
    deviceLockSeconds: positiveInt(env, 'DEVICE_LOCK_SECONDS', 900),
    readingMaxAgeDays: positiveInt(env, 'READING_MAX_AGE_DAYS', 7),
    readingMaxAheadSeconds: positiveInt(env, 'READING_MAX_AHEAD_SECONDS', 300),
  };
}

/** Names proxy-addr knows for the loopback, link-local and private ranges. */
const namedRanges = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * `TRUST_PROXY`: unset, `0` or `false` believes no one (the address is the connection's);
 * `true` or a number N believes N proxies (`true` = 1: the last hop, never the whole chain, which
 * the client writes); otherwise a comma list of the proxies' addresses or CIDR ranges.
 */
function trustProxyFrom(raw: string | undefined): Config['trustProxy'] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!namedRanges.includes(entry) && (family === 0 || !validBits || extra !== undefined))
      throw new Error(`TRUST_PROXY must be 0, true, a hop count or addresses/CIDRs, got "${entry}"`);
  }
  return entries;
}

function codeSenderFrom(env: NodeJS.ProcessEnv): Config['codeSender'] {
  const sender = env.CODE_SENDER?.trim() || 'log';
  if (sender !== 'log' && sender !== 'webhook')
    throw new Error(`CODE_SENDER must be log or webhook, got "${sender}"`);
  if (sender === 'webhook' && !env.CODE_SENDER_URL?.trim())
    throw new Error('CODE_SENDER=webhook needs CODE_SENDER_URL');
  return sender;
}

/** OBJECT_STORE_ENDPOINT turns the S3 store on; then the bucket and both keys are required. */
function objectStoreFrom(env: NodeJS.ProcessEnv): ServerObjectStore | undefined {
  const endpoint = env.OBJECT_STORE_ENDPOINT?.trim();
  if (!endpoint) return undefined;
  if (!/^https?:\/\/[^/?#]+\/?$/.test(endpoint))
    throw new Error(`OBJECT_STORE_ENDPOINT must be http(s)://host[:port], got "${endpoint}"`);
  const required = ['OBJECT_STORE_BUCKET', 'OBJECT_STORE_ACCESS_KEY', 'OBJECT_STORE_SECRET_KEY'];
  const missing = required.filter((name) => !env[name]?.trim());
  if (missing.length > 0)
    throw new Error(`OBJECT_STORE_ENDPOINT is set: ${missing.join(', ')} must be set too`);
  return {
    endpoint,
    bucket: String(env.OBJECT_STORE_BUCKET).trim(),
    region: env.OBJECT_STORE_REGION?.trim() || 'us-east-1',
    accessKey: String(env.OBJECT_STORE_ACCESS_KEY).trim(),
    secretKey: String(env.OBJECT_STORE_SECRET_KEY),
  };
}

/** A provider is configured when both `SOCIAL_<SOURCE>_CLIENT_ID` and `…_CLIENT_SECRET` are set. */
function socialFrom(env: NodeJS.ProcessEnv): Config['socialProviders'] {
  const providers: Config['socialProviders'] = {};
  for (const source of socialSources) {
    const clientId = env[`SOCIAL_${source.toUpperCase()}_CLIENT_ID`]?.trim();
    const clientSecret = env[`SOCIAL_${source.toUpperCase()}_CLIENT_SECRET`]?.trim();
    if (clientId && clientSecret) providers[source] = { clientId, clientSecret };
  }
  return providers;
}

/**
 * OUTBOUND_ALLOW_PRIVATE=1 opens the private ranges (an intranet's MinIO or AD);
 * OUTBOUND_ALLOWED_HOSTS lists single hosts, host:port pairs or CIDR ranges opened whatever
 * their range (loopback included, for a store on the same machine). Unset, only public
 * addresses are reached: the demo and any cloud store need nothing more.
 */
function outboundFrom(env: NodeJS.ProcessEnv): OutboundPolicy {
  const flag = env.OUTBOUND_ALLOW_PRIVATE?.trim() ?? '';
  if (!['', '0', '1'].includes(flag)) throw new Error(`OUTBOUND_ALLOW_PRIVATE must be 0 or 1, got "${flag}"`);
  const policy = {
    allowPrivate: flag === '1',
    allowedHosts: (env.OUTBOUND_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  };
  checkPolicy(policy);
  return policy;
}

/** The embedded database's buffer cache unless PGLITE_SHARED_BUFFERS says otherwise (db/database.ts). */
export const defaultSharedBuffers = '32MB';

/** `PGLITE_SHARED_BUFFERS`: a size PostgreSQL reads (`32MB`, `1GB`, or a count of 8 kB pages). */
function sharedBuffersFrom(raw: string | undefined): string {
  const value = raw?.trim() || defaultSharedBuffers;
  if (!/^\d+(kB|MB|GB)?$/.test(value))
    throw new Error(`PGLITE_SHARED_BUFFERS must be a size such as 32MB, got "${value}"`);
  return value;
}

/** `MQTT_USERNAME`: no `/`, `+` or `#` (a device's account is `{tenantId}/{deviceCode}`). */
function mqttUsernameFrom(raw: string | undefined): string {
  const value = raw?.trim() || 'bl-server';
  if (/[/+#]/.test(value)) throw new Error(`MQTT_USERNAME may not contain /, + or #, got "${value}"`);
  return value;
}
