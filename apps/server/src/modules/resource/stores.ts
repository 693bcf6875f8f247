import type { Config } from '../../config.ts';
import type { OutboundPolicy } from '../../http/outbound.ts';
import { LocalDiskStore, type ObjectStore } from '../../storage/object-store.ts';
import { S3Store } from './s3-store.ts';

/**
 * The server's built-in store (avatars; attachments of tenants on the local category or without
 * a setting): the S3-compatible bucket of OBJECT_STORE_* when set, else the folder FILES_DIR.
 * Several processes need one of the two shared: a bucket, or a directory they all mount.
 * The operator names the bucket's endpoint, so it is reachable whatever its address range (the
 * outbound guard is for the servers tenants configure).
 */
export function serverStore(config: Pick<Config, 'filesDir' | 'objectStore' | 'ossTimeoutMs' | 'outbound'>) {
  const bucket = config.objectStore;
  if (!bucket) return new LocalDiskStore(config.filesDir);
  const url = new URL(bucket.endpoint);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return new S3Store({
    ...bucket,
    style: 'path',
    timeoutMs: config.ossTimeoutMs,
    outbound: {
      ...config.outbound,
      allowedHosts: [...config.outbound.allowedHosts, `${url.hostname}:${port}`],
    },
  });
}

/** `ossCategory` values (packages/entities system/dicts.ts): 1 to 4 keep SpringBlade's numbering. */
export const ossCategory = { minio: '1', qiniu: '2', aliyun: '3', tencent: '4', local: '5' } as const;

/** What the server needs of an `oss` row to reach its store. */
export interface StorageSetting {
  /** Null for the built-in local disk of a tenant without an enabled setting. */
  ossCode: string | null;
  category: string;
  endpoint: string;
  bucketName: string;
  accessKey: string | null;
  secretKey: string | null;
  region: string | null;
  appId: string | null;
}

/** A setting that cannot name a store: which fields are missing, or the endpoint is no URL. */
export class StoreSettingError extends Error {
  constructor(
    readonly problem: 'incomplete' | 'badEndpoint',
    readonly fields: ('accessKey' | 'secretKey' | 'bucketName' | 'endpoint')[] = [],
  ) {
    super(`storage setting: ${problem} ${fields.join(',')}`);
    this.name = 'StoreSettingError';
  }
}

export const isRemote = (category: string) =>
  category === ossCategory.minio ||
  category === ossCategory.qiniu ||
  category === ossCategory.aliyun ||
  category === ossCategory.tencent;

/** A bucket name a URL can carry (each store has stricter rules of its own and says so). */
export const remoteBucketPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

/** The endpoint as a URL; a bare host name means HTTPS (write `http://` for a MinIO without TLS). */
export function endpointUrl(endpoint: string): URL {
  const text = endpoint.trim();
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.search || url.hash)
      throw new StoreSettingError('badEndpoint');
    return url;
  } catch {
    throw new StoreSettingError('badEndpoint');
  }
}

/**
 * The signing region: the record's, else read from the cloud's endpoint host, else
 * `us-east-1` (what MinIO expects unless it was given a region).
 */
export function regionOf(setting: Pick<StorageSetting, 'category' | 'region'>, host: string): string {
  const given = setting.region?.trim();
  if (setting.category === ossCategory.aliyun) {
    // SpringBlade-style records name the region as the OSS endpoint does: oss-cn-hangzhou.
    if (given) return given.replace(/^oss-/, '');
    const found = /(?:^|\.)oss-([a-z0-9-]+?)(?:-internal)?\.aliyuncs\.com$/.exec(host)?.[1];
    if (found) return found;
  }
  if (given) return given;
  const pattern =
    setting.category === ossCategory.tencent
      ? /(?:^|\.)cos\.([a-z0-9-]+)\.myqcloud\.com$/
      : setting.category === ossCategory.qiniu
        ? /(?:^|\.)s3[.-]([a-z0-9-]+)\.qiniucs\.com$/
        : undefined;
  return pattern?.exec(host)?.[1] || 'us-east-1';
}

/**
 * The S3 store of a remote setting. MinIO is addressed path-style (`{endpoint}/{bucket}/{key}`,
 * which needs no DNS per bucket); the clouds virtual-host style (`{bucket}.{host}/{key}`):
 * Aliyun OSS accepts nothing else, Tencent COS and Qiniu document it first. A COS bucket is
 * named `{name}-{APPID}`: the record's appId is added when the bucket name lacks it.
 */
export function s3StoreOf(setting: StorageSetting, timeoutMs: number, outbound: OutboundPolicy): S3Store {
  const missing = (['endpoint', 'accessKey', 'secretKey', 'bucketName'] as const).filter(
    (field) => !setting[field]?.trim(),
  );
  if (missing.length > 0) throw new StoreSettingError('incomplete', missing);
  const url = endpointUrl(setting.endpoint);
  let bucket = setting.bucketName.trim();
  const appId = setting.appId?.trim();
  if (setting.category === ossCategory.tencent && appId && !bucket.endsWith(`-${appId}`))
    bucket = `${bucket}-${appId}`;
  return new S3Store({
    endpoint: url.href,
    bucket,
    region: regionOf(setting, url.hostname),
    accessKey: String(setting.accessKey).trim(),
    secretKey: String(setting.secretKey),
    style: setting.category === ossCategory.minio ? 'path' : 'virtual',
    timeoutMs,
    outbound,
  });
}

/** The store of a setting: the local disk for category 5, the S3 store for the clouds and MinIO. */
export function storeOf(
  setting: StorageSetting,
  local: ObjectStore,
  timeoutMs: number,
  outbound: OutboundPolicy,
): ObjectStore | undefined {
  if (setting.category === ossCategory.local) return local;
  if (isRemote(setting.category)) return s3StoreOf(setting, timeoutMs, outbound);
  return undefined;
}

/** The media type kept with a remote object, by extension (the download itself is always a file). */
const mediaTypes: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
};
export const mediaTypeOf = (extension: string) => mediaTypes[extension] ?? 'application/octet-stream';
