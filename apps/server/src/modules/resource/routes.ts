import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { type Language, ok, ResultCode } from '@bl/contract';
import { dicts, idSchema } from '@bl/entities';
import { attach as attachEntity, attachTable } from '@bl/entities/system/attach';
import { oss as ossEntity, ossTable } from '@bl/entities/system/oss';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../audit/audit.ts';
import type { Config } from '../../config.ts';
import { afterCommit, type Database, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { detailRow } from '../../engine/crud.ts';
import { requireButton } from '../../engine/permissions.ts';
import { afterWriteRules, removeRules, writeRules } from '../../engine/rules.ts';
import { type AuthContext, requireAuth } from '../../http/context.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { registerUploads } from '../../http/uploads.ts';
import { type MessageKey, type MessageParams, translate } from '../../i18n/messages.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { looksLike, pictureHeadBytes, pictureKindOf } from './pictures.ts';
import { RemoteStoreError } from './s3-store.ts';
import {
  isRemote,
  mediaTypeOf,
  ossCategory,
  remoteBucketPattern,
  type StorageSetting,
  StoreSettingError,
  serverStore,
  storeOf,
} from './stores.ts';

/** The folder of a tenant without a storage setting, and the rule every local bucket follows. */
const defaultBucket = 'upload';
const bucketPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** Where an attachment is downloaded from: the link stored on its record. */
export const downloadPath = '/api/bl-resource/attach/download';
/** Writes, reads back and deletes a small file through a storage setting (button `oss_test`). */
export const ossTestPath = '/api/bl-resource/oss/test';

/** The built-in local disk of a tenant without an enabled storage setting. */
const builtInLocal: StorageSetting = {
  ossCode: null,
  category: ossCategory.local,
  endpoint: '',
  bucketName: defaultBucket,
  accessKey: null,
  secretKey: null,
  region: null,
  appId: null,
};

function settingOf(row: typeof ossTable.$inferSelect): StorageSetting {
  return {
    ossCode: row.ossCode,
    category: row.category,
    endpoint: row.endpoint,
    bucketName: row.bucketName || (row.category === ossCategory.local ? defaultBucket : ''),
    accessKey: row.accessKey,
    secretKey: row.secretKey,
    region: row.region,
    appId: row.appId,
  };
}

/** The tenant's enabled storage (its default `oss` row), or the built-in local disk. */
async function enabledStorage(tx: Tx, auth: AuthContext): Promise<StorageSetting> {
  const [row] = await tx
    .select()
    .from(ossTable)
    .where(
      and(
        eq(ossTable.tenantId, auth.tenantId),
        eq(ossTable.isDeleted, 0),
        eq(ossTable.isDefault, '1'),
        eq(ossTable.status, 1),
      ),
    )
    .limit(1);
  return row ? settingOf(row) : builtInLocal;
}

/**
 * The setting that holds an attachment (its `ossCode`), whether or not it is still the enabled
 * one; the built-in local disk for attachments without one.
 */
async function holdingStorage(tx: Tx, auth: AuthContext, ossCode: unknown): Promise<StorageSetting> {
  if (typeof ossCode !== 'string' || ossCode === '') return builtInLocal;
  const [row] = await tx
    .select()
    .from(ossTable)
    .where(
      and(eq(ossTable.tenantId, auth.tenantId), eq(ossTable.ossCode, ossCode), eq(ossTable.isDeleted, 0)),
    )
    .limit(1);
  return row ? settingOf(row) : builtInLocal;
}

/** The names of the `oss` fields a setting lacks, in the user's language. */
function fieldLabels(fields: readonly string[], language: Language): string {
  const labels = fields.map((name) => ossEntity.fields.find((f) => f.name === name)?.label[language] ?? name);
  return labels.join(language === 'en' ? ', ' : '、');
}

/**
 * A failure of a store or of its setting as a message the user can act on (which storage,
 * what went wrong, what to check); undefined for any other error, which stays a server error.
 */
function storeFailure(
  error: unknown,
  setting: StorageSetting,
  language: Language,
  timeoutMs: number,
): AppError | undefined {
  const code = setting.ossCode ?? '';
  if (error instanceof StoreSettingError) {
    return error.problem === 'incomplete'
      ? badRequest('oss.incomplete', { code, fields: fieldLabels(error.fields, language) })
      : badRequest('oss.badEndpoint', { endpoint: setting.endpoint });
  }
  if (!(error instanceof RemoteStoreError)) return undefined;
  const keys: Record<RemoteStoreError['reason'], MessageKey> = {
    denied: 'oss.denied',
    noBucket: 'oss.noBucket',
    clock: 'oss.clock',
    // One message whatever stopped the connection (refused, no answer, no such name): the
    // storage test must not tell one host's closed port from another's open one.
    unreachable: 'outbound.unreachable',
    timeout: 'outbound.unreachable',
    notAllowed: 'outbound.notAllowed',
    failed: 'oss.failed',
  };
  const params: MessageParams = {
    code,
    endpoint: setting.endpoint,
    bucket: setting.bucketName,
    seconds: Math.round(timeoutMs / 100) / 10,
    detail: [error.status, error.remoteCode].filter(Boolean).join(' '),
  };
  return badRequest(keys[error.reason], params);
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}

/** The name as uploaded, without any folder a browser or a crafted request put in front. */
function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // Control characters would break the download header.
  return [...base]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255);
}

/**
 * The object key of an attachment: made here, never from what the client sent. On the local
 * disk the bucket is a folder under the tenant's; a remote store has the bucket itself.
 */
function objectKey(auth: AuthContext, storage: StorageSetting, id: string, extension: string): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return storage.category === ossCategory.local
    ? `${auth.tenantId}/${storage.bucketName}/${day}/${id}.${extension}`
    : `${auth.tenantId}/${day}/${id}.${extension}`;
}

/** An attachment's key belongs to the caller's tenant: the storage's own tenant wall. */
function ownKey(auth: AuthContext, key: unknown): key is string {
  return typeof key === 'string' && key.startsWith(`${auth.tenantId}/`);
}

/**
 * Object storage (spec 02 §3.2 oss, attach): uploads through the tenant's enabled storage,
 * attachment downloads, the storage test, and the rules of storage settings. See ADR 0009.
 */
export function registerResourceRoutes(app: FastifyInstance, database: Database, config: Config) {
  const local: ObjectStore = serverStore(config);
  /** The store of a setting; a setting that names none is refused with what to correct. */
  const storeFor = (setting: StorageSetting, language: Language): ObjectStore => {
    let store: ObjectStore | undefined;
    try {
      store = storeOf(setting, local, config.ossTimeoutMs, config.outbound);
    } catch (error) {
      throw storeFailure(error, setting, language, config.ossTimeoutMs) ?? error;
    }
    if (!store) throw badRequest('oss.unsupported', { category: categoryLabel(setting.category, language) });
    return store;
  };
  /** What the user is not told of a failed connection (codes, addresses, time-outs) goes to the log. */
  const logConnection = (error: unknown) => {
    if (error instanceof RemoteStoreError && ['unreachable', 'timeout', 'notAllowed'].includes(error.reason))
      app.log.warn({ err: error, cause: error.cause }, 'storage could not be reached');
  };
  const failureOf = (error: unknown, setting: StorageSetting, language: Language) => {
    logConnection(error);
    return storeFailure(error, setting, language, config.ossTimeoutMs) ?? error;
  };
  /** Deletes an object whose record is not (or no longer) there; a failure is only logged. */
  const removeQuietly = async (store: ObjectStore, key: string) => {
    try {
      await store.remove(key);
    } catch (error) {
      app.log.warn({ err: error, key }, 'could not delete a stored file');
    }
  };

  // One enabled storage per tenant: enabling one turns the others off in the same save.
  writeRules.oss = async (tx, values, context) => {
    if (values.isDefault === '1') {
      const others = and(
        eq(ossTable.tenantId, context.auth.tenantId),
        eq(ossTable.isDefault, '1'),
        eq(ossTable.isDeleted, 0),
      );
      await tx
        .update(ossTable)
        .set({ isDefault: '0', updateUser: context.auth.userId, updateTime: new Date() })
        .where(context.id === undefined ? others : and(others, ne(ossTable.id, context.id)));
    }
  };
  // A setting is saved only when it can name its store. Checked on the row as written: an
  // edit sends only what changed, and a secret left blank keeps its value.
  afterWriteRules.oss = async (_tx, saved, context) => {
    const row = saved as typeof ossTable.$inferSelect;
    const bucket = row.bucketName ?? '';
    if (row.category === ossCategory.local && bucket !== '' && !bucketPattern.test(bucket))
      throw badRequest('oss.badBucket');
    if (!isRemote(row.category)) return;
    if (bucket !== '' && !remoteBucketPattern.test(bucket)) throw badRequest('oss.badRemoteBucket');
    const setting = settingOf(row);
    try {
      storeOf(setting, local, config.ossTimeoutMs, config.outbound);
    } catch (error) {
      throw storeFailure(error, setting, context.language, config.ossTimeoutMs) ?? error;
    }
  };

  // The files of removed attachments go once the removal has committed (never before: a
  // rolled-back removal keeps its file), each from the store that holds it.
  removeRules.attach = async (tx, rows, _language, auth) => {
    const settings = new Map<string, StorageSetting>();
    const doomed: { key: string; setting: StorageSetting }[] = [];
    for (const row of rows) {
      if (!ownKey(auth, row.name)) continue;
      const code = typeof row.ossCode === 'string' ? row.ossCode : '';
      if (!settings.has(code)) settings.set(code, await holdingStorage(tx, auth, code));
      doomed.push({ key: row.name, setting: settings.get(code) as StorageSetting });
    }
    afterCommit(tx, async () => {
      for (const { key, setting } of doomed) {
        try {
          await removeQuietly(storeFor(setting, 'en'), key);
        } catch (error) {
          app.log.warn({ err: error, key }, 'could not delete the file of a removed attachment');
        }
      }
    });
  };

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    downloadPath,
    {
      schema: {
        tags: ['attach'],
        summary: 'Streams an attachment; its original name is in the download-filename header',
        querystring: z.object({ id: idSchema }),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const row = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'attach_view');
        const found = await detailRow(tx, attachEntity, auth, request.query.id, request.language);
        return {
          name: found.name,
          originalName: found.originalName,
          storage: await holdingStorage(tx, auth, found.ossCode),
        };
      });
      if (!ownKey(auth, row.name)) throw new AppError(ResultCode.notFound, 'attach.fileMissing');
      const store = storeFor(row.storage, request.language);
      let file: Awaited<ReturnType<ObjectStore['get']>>;
      try {
        file = await store.get(row.name);
      } catch (error) {
        throw failureOf(error, row.storage, request.language);
      }
      if (!file) throw new AppError(ResultCode.notFound, 'attach.fileMissing');
      const fileName =
        typeof row.originalName === 'string' && row.originalName ? row.originalName : path.basename(row.name);
      const encoded = encodeURIComponent(fileName);
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename*=UTF-8''${encoded}`)
        .header('download-filename', encoded)
        .header('access-control-expose-headers', 'download-filename, content-disposition')
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );

  api.post(
    ossTestPath,
    {
      schema: {
        tags: ['oss'],
        summary:
          'Writes, reads back and deletes a small test file through a storage setting; says which step failed and why',
        querystring: z.object({ id: idSchema }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const language = request.language;
      const setting = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'oss_test');
        const [row] = await tx
          .select()
          .from(ossTable)
          .where(
            and(
              eq(ossTable.tenantId, auth.tenantId),
              eq(ossTable.id, request.query.id),
              eq(ossTable.isDeleted, 0),
            ),
          )
          .limit(1);
        if (!row) throw notFound('crud.notFound', { entity: ossEntity.label[language] });
        return settingOf(row);
      });
      const store = storeFor(setting, language);
      const id = nextId();
      const key =
        setting.category === ossCategory.local
          ? `${auth.tenantId}/${setting.bucketName}/probe/${id}.txt`
          : `${auth.tenantId}/probe/${id}.txt`;
      const content = Buffer.from(`storage test ${id} ${new Date().toISOString()}\n`);
      const steps = { put: 'oss.stepPut', get: 'oss.stepGet', remove: 'oss.stepRemove' } as const;
      let step: keyof typeof steps = 'put';
      try {
        await store.put(key, Readable.from([content]), { contentType: mediaTypeOf('txt') });
        step = 'get';
        const read = await store.get(key);
        const bytes = read ? await buffer(read.stream) : undefined;
        if (!bytes?.equals(content)) throw badRequest('oss.testMismatch');
        step = 'remove';
        await store.remove(key);
      } catch (error) {
        // A probe that was written but not read back whole is not left behind.
        if (step === 'get') await removeQuietly(store, key);
        logConnection(error);
        const reason =
          error instanceof AppError ? error : storeFailure(error, setting, language, config.ossTimeoutMs);
        if (!reason) throw error;
        throw badRequest('oss.testFailed', {
          step: translate(steps[step], language),
          reason: translate(reason.messageKey, language, reason.params),
        });
      }
      return ok(
        { ossCode: setting.ossCode },
        translate('oss.testPassed', language, { code: setting.ossCode ?? '' }),
      );
    },
  );

  // Multipart is parsed only in this scope, as for imports.
  app.register(async (scope) => {
    await registerUploads(scope, {
      timeoutMs: config.uploadTimeoutMs,
      limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, parts: 12 },
    });
    scope.post(
      '/api/bl-resource/oss/endpoint/put-file',
      {
        schema: {
          tags: ['attach'],
          summary:
            'Uploads one file (multipart field file) to the enabled storage and records it as an attachment',
          consumes: ['multipart/form-data'],
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const storage = await database.withTenant(auth.tenantId, async (tx) => {
          await requireButton(tx, auth, 'attach_add');
          return enabledStorage(tx, auth);
        });
        const store = storeFor(storage, request.language);
        const tooLarge = () =>
          new AppError(ResultCode.payloadTooLarge, 'attach.tooLarge', {
            limit: formatBytes(config.uploadMaxBytes),
          });
        let part: Awaited<ReturnType<FastifyRequest['file']>>;
        try {
          part = await request.file();
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (typeof code === 'string' && code.startsWith('FST_')) throw badRequest('attach.noFile');
          throw error;
        }
        if (part?.fieldname !== 'file') throw badRequest('attach.noFile');
        const file = part.file;
        const originalName = cleanFileName(part.filename ?? '');
        const dot = originalName.lastIndexOf('.');
        const extension = dot > 0 ? originalName.slice(dot + 1).toLowerCase() : '';
        if (!/^[a-z0-9]{1,16}$/.test(extension) || !config.uploadExtensions.includes(extension)) {
          file.resume();
          throw badRequest('attach.badType', { allowed: config.uploadExtensions.join(', ') });
        }
        const id = nextId();
        const key = objectKey(auth, storage, id, extension);
        let size = 0;
        // A picture is kept only when its first bytes are of the kind its name says.
        const picture = pictureKindOf(extension);
        let head = Buffer.alloc(0);
        const notPicture = () => badRequest('attach.notPicture', { name: originalName, type: extension });
        // Counts as the bytes pass, without reading ahead of the store (a data listener would),
        // and fails the stream at its end when it was cut at the size limit or was empty: the
        // store then keeps nothing, and a remote store is not called at all (it waits for the
        // whole upload before sending it).
        const counted = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            if (picture && head.length < pictureHeadBytes) {
              head = Buffer.concat([head, chunk]).subarray(0, pictureHeadBytes);
              if (head.length === pictureHeadBytes && !looksLike(picture, head)) return done(notPicture());
            }
            done(null, chunk);
          },
          flush(done) {
            if (file.truncated) done(tooLarge());
            else if (size === 0) done(badRequest('attach.empty'));
            else if (picture && !looksLike(picture, head)) done(notPicture());
            else done();
          },
        });
        // pipe() does not pass errors on: a failing upload must fail the store's write too.
        file.on('error', (error) => counted.destroy(error));
        // A small upload may end (and fail its checks) before the store has attached to the
        // stream (it prepares a folder first): the store still sees the error, as the stream's
        // errored state, and no one else needs to hear it.
        counted.on('error', () => undefined);
        try {
          await store.put(key, file.pipe(counted), { contentType: mediaTypeOf(extension) });
        } catch (error) {
          if (error instanceof AppError) throw error;
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw failureOf(error, storage, request.language);
        }
        const link = `${downloadPath}?id=${id}`;
        try {
          const row = await database.withTenant(auth.tenantId, async (tx) => {
            const now = new Date();
            const [saved] = await tx
              .insert(attachTable)
              .values({
                id,
                tenantId: auth.tenantId,
                createUser: auth.userId,
                createDept: auth.deptId || null,
                createTime: now,
                updateUser: auth.userId,
                updateTime: now,
                link,
                domain: storage.endpoint,
                name: key,
                originalName,
                extension,
                attachSize: size,
                ossCode: storage.ossCode,
              })
              .returning();
            await writeAudit(tx, auth, {
              action: 'create',
              entity: attachEntity,
              row: saved as Record<string, unknown>,
            });
            return saved;
          });
          return ok(
            {
              attachId: id,
              link,
              domain: storage.endpoint,
              name: key,
              originalName,
              extension,
              attachSize: row?.attachSize ?? size,
            },
            translate('ok', request.language),
          );
        } catch (error) {
          // No record, no file: the upload leaves no trace.
          await removeQuietly(store, key);
          throw error;
        }
      },
    );
  });
}

/** The storage type's name in the caller's language, for the "not supported" message. */
function categoryLabel(category: string, language: Language): string {
  const entry = dicts.ossCategory.values.find((v) => v.value === category);
  return entry ? entry.label[language] : category;
}
