import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { type Dispatcher, fetch, type Response } from 'undici';
import { type OutboundPolicy, OutboundRefused, OutboundTarget } from '../../http/outbound.ts';
import type { ObjectStore, PutOptions } from '../../storage/object-store.ts';
import { emptyPayloadHash, signV4, uriEncode } from './sigv4.ts';

/**
 * Why a remote store call failed, in terms an administrator can act on; the routes turn it
 * into a message in the user's language (modules/resource/routes.ts, storeFailure).
 */
export type RemoteFailure =
  /** 403: wrong access key or secret key, or the key may not use the bucket. */
  | 'denied'
  /** 404 NoSuchBucket. */
  | 'noBucket'
  /** RequestTimeTooSkewed: this server's clock is too far from the store's. */
  | 'clock'
  /** No connection: name not found, refused, reset, TLS failure. */
  | 'unreachable'
  /** The store's address is one the outbound guard refuses (http/outbound.ts). */
  | 'notAllowed'
  /** No answer within the time-out. */
  | 'timeout'
  /** Any other answer that is not a success. */
  | 'failed';

export class RemoteStoreError extends Error {
  constructor(
    readonly reason: RemoteFailure,
    /** The HTTP status and the S3 error code, when the store answered. */
    readonly status?: number,
    readonly remoteCode?: string,
    /** The network error behind `unreachable`, for the log. */
    cause?: unknown,
  ) {
    super(`remote store: ${reason}${status ? ` ${status}` : ''}${remoteCode ? ` ${remoteCode}` : ''}`, {
      cause,
    });
    this.name = 'RemoteStoreError';
  }
}

export interface S3Settings {
  /** Base URL of the S3 API, e.g. `http://minio:9000` or `https://cos.ap-guangzhou.myqcloud.com`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
  /**
   * `path`: `{endpoint}/{bucket}/{key}` (MinIO); `virtual`: `{bucket}.{endpoint host}/{key}`
   * (Aliyun OSS, which refuses the path style, Tencent COS and Qiniu).
   */
  style: 'path' | 'virtual';
  /** How long a call may take to start answering, in milliseconds. */
  timeoutMs: number;
  /** Which addresses the store may have: every call connects through the outbound guard. */
  outbound: OutboundPolicy;
}

/** A store speaking the S3 REST API (PutObject, GetObject, DeleteObject), signed with SigV4. */
export class S3Store implements ObjectStore {
  private readonly base: URL;
  private readonly target: OutboundTarget;
  private dispatcher: Dispatcher | undefined;

  constructor(private readonly settings: S3Settings) {
    this.base = new URL(settings.endpoint);
    if (settings.style === 'virtual' && !this.base.hostname.startsWith(`${settings.bucket}.`))
      this.base.hostname = `${settings.bucket}.${this.base.hostname}`;
    const port = Number(this.base.port) || (this.base.protocol === 'https:' ? 443 : 80);
    this.target = new OutboundTarget(settings.outbound, this.base.hostname, port);
  }

  /** The URL of an object: each key segment encoded once, as SigV4 signs it. */
  urlOf(key: string): URL {
    const prefix = this.base.pathname.replace(/\/+$/, '');
    const bucket = this.settings.style === 'path' ? `/${uriEncode(this.settings.bucket)}` : '';
    const encodedKey = key.split('/').map(uriEncode).join('/');
    const url = new URL(this.base);
    url.pathname = `${prefix}${bucket}/${encodedKey}`;
    return url;
  }

  async put(key: string, content: Readable, options: PutOptions = {}): Promise<void> {
    // S3 wants the length and (signed) hash of the body before it: the upload is kept in a
    // temporary file as it arrives, so no bytes reach the store unless the whole upload
    // arrived and passed the route's checks, and memory holds none of it.
    const folder = await fsp.mkdtemp(path.join(os.tmpdir(), 'bl-s3-'));
    try {
      const file = path.join(folder, 'body');
      const hash = createHash('sha256');
      await pipeline(
        content,
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            done(null, chunk);
          },
        }),
        fs.createWriteStream(file),
      );
      const type = options.contentType ?? 'application/octet-stream';
      // A file-backed Blob: fetch sends it with its Content-Length, read from disk as it goes.
      const body = await fs.openAsBlob(file, { type });
      const response = await this.call('PUT', key, hash.digest('hex'), { 'content-type': type }, body);
      await response.body?.cancel();
    } finally {
      await fsp.rm(folder, { recursive: true, force: true });
    }
  }

  async get(key: string): Promise<{ stream: Readable; size: number | undefined } | undefined> {
    const response = await this.call('GET', key, emptyPayloadHash, {}, undefined, true);
    if (response.status === 404) return undefined;
    const length = Number(response.headers.get('content-length'));
    const stream = response.body
      ? Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>)
      : Readable.from([]);
    return { stream, size: Number.isFinite(length) && length >= 0 ? length : undefined };
  }

  async remove(key: string): Promise<void> {
    // S3 answers 204 for a key already gone; some stores answer 404 NoSuchKey: both are done.
    const response = await this.call('DELETE', key, emptyPayloadHash, {}, undefined, true);
    await response.body?.cancel();
  }

  /**
   * One signed call. Answers the response when it succeeded (or was a 404 NoSuchKey and
   * `missingIsAnswer`); otherwise throws a RemoteStoreError saying why.
   */
  private async call(
    method: 'GET' | 'PUT' | 'DELETE',
    key: string,
    payloadHash: string,
    headers: Record<string, string>,
    body?: Blob,
    missingIsAnswer = false,
  ): Promise<Response> {
    const url = this.urlOf(key);
    const signed = signV4({
      method,
      host: url.host,
      path: url.pathname,
      headers,
      payloadHash,
      accessKey: this.settings.accessKey,
      secretKey: this.settings.secretKey,
      region: this.settings.region,
      now: new Date(),
    });
    // fetch sets Host itself (from the URL, as signed).
    const { host: _host, ...sent } = signed.headers;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.settings.timeoutMs);
    let response: Response;
    try {
      this.target.assertLiteral();
      this.dispatcher ??= this.target.dispatcher();
      response = await fetch(url, {
        method,
        headers: sent,
        body,
        signal: controller.signal,
        redirect: 'manual',
        dispatcher: this.dispatcher,
      });
    } catch (error) {
      if (error instanceof OutboundRefused || (error as Error).cause instanceof OutboundRefused)
        throw new RemoteStoreError('notAllowed', undefined, undefined, error);
      throw controller.signal.aborted
        ? new RemoteStoreError('timeout')
        : new RemoteStoreError('unreachable', undefined, undefined, error);
    } finally {
      // The time-out covers reaching the store and its answer starting; a download then
      // streams at the reader's pace (undici's own body time-out still applies).
      clearTimeout(timer);
    }
    if (response.ok) return response;
    const text = await readError(response, controller, this.settings.timeoutMs);
    const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1];
    if (response.status === 404 && missingIsAnswer && code !== 'NoSuchBucket') return response;
    if (code === 'NoSuchBucket') throw new RemoteStoreError('noBucket', response.status, code);
    if (code === 'RequestTimeTooSkewed') throw new RemoteStoreError('clock', response.status, code);
    if (response.status === 403) throw new RemoteStoreError('denied', response.status, code);
    throw new RemoteStoreError('failed', response.status, code);
  }
}

/** The start of an error answer (an S3 XML error document), given the same time to arrive. */
async function readError(
  response: Response,
  controller: AbortController,
  timeoutMs: number,
): Promise<string> {
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return (await response.text()).slice(0, 4000);
  } catch {
    return '';
  } finally {
    clearTimeout(timer);
  }
}
