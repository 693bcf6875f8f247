import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A tiny S3 server for tests (path-style, as MinIO): PutObject, GetObject and DeleteObject on
 * buckets held in memory. It checks every request's Signature Version 4 the way S3 does, with
 * its own code written from the AWS documentation (not the server's signer), so a signing bug
 * fails the tests with SignatureDoesNotMatch. It can be told to answer an error or to hang.
 */
export interface FakeS3 {
  /** `http://127.0.0.1:{port}`. */
  endpoint: string;
  region: string;
  /** Objects by `{bucket}/{key}`. */
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** Every request received, answered or not. */
  requests: { method: string; path: string; status?: number }[];
  /** Trouble for the requests that follow (of one method, or all): an error answer, or none at all. */
  trouble: { method?: string; status?: number; code?: string; hang?: boolean } | undefined;
  close(): Promise<void>;
}

export interface FakeS3Options {
  accessKey: string;
  secretKey: string;
  region?: string;
  buckets: string[];
}

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/** RFC 3986 unreserved characters stay; every other byte becomes %XX (upper case). */
function awsEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const hmacOf = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const region = options.region ?? 'us-east-1';
  const buckets = new Set(options.buckets);
  const sockets = new Set<Socket>();
  const fake: FakeS3 = {
    endpoint: '',
    region,
    objects: new Map(),
    requests: [],
    trouble: undefined,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  /** The reason a request's signature is refused, or undefined when it is right. */
  function refusal(
    request: http.IncomingMessage,
    rawPath: string,
    query: URLSearchParams,
  ): { status: number; code: string } | undefined {
    const authorization = request.headers.authorization ?? '';
    const parts =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!parts) return { status: 403, code: 'AccessDenied' };
    const [, accessKey, day, scopeRegion, signedList, signature] = parts as unknown as string[];
    if (accessKey !== options.accessKey) return { status: 403, code: 'InvalidAccessKeyId' };
    if (scopeRegion !== region) return { status: 400, code: 'AuthorizationHeaderMalformed' };
    const stamp = String(request.headers['x-amz-date'] ?? '');
    if (!/^\d{8}T\d{6}Z$/.test(stamp) || stamp.slice(0, 8) !== day)
      return { status: 403, code: 'AccessDenied' };
    const when = Date.UTC(
      Number(stamp.slice(0, 4)),
      Number(stamp.slice(4, 6)) - 1,
      Number(stamp.slice(6, 8)),
      Number(stamp.slice(9, 11)),
      Number(stamp.slice(11, 13)),
      Number(stamp.slice(13, 15)),
    );
    if (Math.abs(Date.now() - when) > 15 * 60_000) return { status: 403, code: 'RequestTimeTooSkewed' };
    const signed = String(signedList).split(';');
    for (const needed of ['host', 'x-amz-date', 'x-amz-content-sha256'])
      if (!signed.includes(needed)) return { status: 403, code: 'AccessDenied' };

    // The canonical request, as AWS describes it: the path decoded and encoded again segment
    // by segment, the query sorted, the signed headers with trimmed values.
    const canonicalUri = rawPath
      .split('/')
      .map((segment) => awsEncode(decodeURIComponent(segment)))
      .join('/');
    const canonicalQuery = [...query.entries()]
      .map(([name, value]) => `${awsEncode(name)}=${awsEncode(value)}`)
      .sort()
      .join('&');
    const canonicalHeaders = signed
      .map((name) => {
        const value = request.headers[name];
        const text = Array.isArray(value) ? value.join(',') : (value ?? '');
        return `${name}:${text.trim().replace(/ +/g, ' ')}\n`;
      })
      .join('');
    const canonical = [
      request.method,
      canonicalUri,
      canonicalQuery,
      canonicalHeaders,
      signed.join(';'),
      String(request.headers['x-amz-content-sha256']),
    ].join('\n');
    const toSign = [
      'AWS4-HMAC-SHA256',
      stamp,
      `${day}/${region}/s3/aws4_request`,
      createHash('sha256').update(canonical).digest('hex'),
    ].join('\n');
    let key = hmacOf(`AWS4${options.secretKey}`, String(day));
    for (const part of [region, 's3', 'aws4_request']) key = hmacOf(key, part);
    const expected = createHmac('sha256', key).update(toSign).digest();
    const given = Buffer.from(String(signature), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { status: 403, code: 'SignatureDoesNotMatch' };
    return undefined;
  }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const entry: FakeS3['requests'][number] = { method: request.method ?? '', path: url.pathname };
    fake.requests.push(entry);
    const answer = (status: number, body: string | Buffer = '', headers: Record<string, string> = {}) => {
      entry.status = status;
      response.writeHead(status, { 'content-length': String(Buffer.byteLength(body)), ...headers });
      response.end(body);
    };
    const fail = (status: number, code: string) =>
      answer(status, errorXml(code, code), { 'content-type': 'application/xml' });

    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);

    const trouble = fake.trouble;
    if (trouble && (!trouble.method || trouble.method === request.method)) {
      if (trouble.hang) return; // no answer: the client's time-out must end it
      return fail(trouble.status ?? 500, trouble.code ?? 'InternalError');
    }
    const refused = refusal(request, url.pathname, url.searchParams);
    if (refused) return fail(refused.status, refused.code);

    const [, bucket = '', ...rest] = url.pathname.split('/');
    const key = rest.map((segment) => decodeURIComponent(segment)).join('/');
    if (!buckets.has(decodeURIComponent(bucket))) return fail(404, 'NoSuchBucket');
    const id = `${decodeURIComponent(bucket)}/${key}`;
    if (request.method === 'PUT') {
      if (request.headers['content-length'] === undefined) return fail(411, 'MissingContentLength');
      const hash = createHash('sha256').update(body).digest('hex');
      if (hash !== request.headers['x-amz-content-sha256']) return fail(400, 'XAmzContentSHA256Mismatch');
      fake.objects.set(id, { body, contentType: request.headers['content-type'] });
      return answer(200, '', { etag: `"${createHash('md5').update(body).digest('hex')}"` });
    }
    if (request.method === 'GET') {
      const object = fake.objects.get(id);
      if (!object) return fail(404, 'NoSuchKey');
      return answer(200, object.body, { 'content-type': object.contentType ?? 'binary/octet-stream' });
    }
    if (request.method === 'DELETE') {
      fake.objects.delete(id);
      return answer(204);
    }
    return fail(405, 'MethodNotAllowed');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** An address nothing listens on: a port that was free a moment ago. */
export async function closedEndpoint(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
