import path from 'node:path';
import { Transform } from 'node:stream';
import { ok, ResultCode } from '@bl/contract';
import { dicts } from '@bl/entities';
import { attach as attachEntity, attachTable } from '@bl/entities/system/attach';
import { ossTable } from '@bl/entities/system/oss';
import multipart from '@fastify/multipart';
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
import { removeRules, writeRules } from '../../engine/rules.ts';
import { type AuthContext, requireAuth } from '../../http/context.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { LocalDiskStore, type ObjectStore } from './store.ts';

/** `ossCategory` 5: the local disk, the only store built in (ADR 0009). */
const localCategory = '5';
/** The folder of a tenant without a storage setting, and the rule every local bucket follows. */
const defaultBucket = 'upload';
const bucketPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** Where an attachment is downloaded from: the link stored on its record. */
export const downloadPath = '/api/bl-resource/attach/download';

interface StorageSetting {
  ossCode: string | null;
  category: string;
  endpoint: string;
  bucketName: string;
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
  if (!row) return { ossCode: null, category: localCategory, endpoint: '', bucketName: defaultBucket };
  return {
    ossCode: row.ossCode,
    category: row.category,
    endpoint: row.endpoint,
    bucketName: row.bucketName || defaultBucket,
  };
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

/** The object key of an attachment: made here, never from what the client sent. */
function objectKey(auth: AuthContext, bucket: string, id: string, extension: string): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `${auth.tenantId}/${bucket}/${day}/${id}.${extension}`;
}

/** An attachment's key belongs to the caller's tenant: the storage's own tenant wall. */
function ownKey(auth: AuthContext, key: unknown): key is string {
  return typeof key === 'string' && key.startsWith(`${auth.tenantId}/`);
}

/**
 * Object storage (spec 02 §3.2 oss, attach): uploads through the tenant's enabled storage,
 * attachment downloads, and the rules of storage settings. See ADR 0009.
 */
export function registerResourceRoutes(app: FastifyInstance, database: Database, config: Config) {
  const local: ObjectStore = new LocalDiskStore(config.filesDir);
  /** The store of a storage type; only the local disk exists, others are refused by name. */
  const storeFor = (category: string, request: FastifyRequest): ObjectStore => {
    if (category === localCategory) return local;
    throw badRequest('oss.unsupported', { category: categoryLabel(category, request) });
  };

  // One enabled storage per tenant: enabling one turns the others off in the same save.
  writeRules.oss = async (tx, values, context) => {
    const category = values.category;
    const bucket = values.bucketName;
    if (
      category === localCategory &&
      typeof bucket === 'string' &&
      bucket !== '' &&
      !bucketPattern.test(bucket)
    )
      throw badRequest('oss.badBucket');
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

  // The files of removed attachments go once the removal has committed (never before: a
  // rolled-back removal keeps its file).
  removeRules.attach = async (tx, rows, _language, auth) => {
    const keys = rows.map((row) => row.name).filter((key) => ownKey(auth, key));
    afterCommit(tx, async () => {
      for (const key of keys) {
        try {
          await local.remove(key);
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
        querystring: z.object({ id: z.string().regex(/^\d{1,19}$/) }),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const row = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'attach_view');
        const found = await detailRow(tx, attachEntity, auth, request.query.id, request.language);
        const storage = found.ossCode
          ? (
              await tx
                .select({ category: ossTable.category })
                .from(ossTable)
                .where(and(eq(ossTable.tenantId, auth.tenantId), eq(ossTable.ossCode, String(found.ossCode))))
                .limit(1)
            )[0]
          : undefined;
        return {
          name: found.name,
          originalName: found.originalName,
          category: storage?.category ?? localCategory,
        };
      });
      if (!ownKey(auth, row.name)) throw new AppError(ResultCode.notFound, 'attach.fileMissing');
      const file = await storeFor(String(row.category), request).get(row.name);
      if (!file) throw new AppError(ResultCode.notFound, 'attach.fileMissing');
      const fileName =
        typeof row.originalName === 'string' && row.originalName ? row.originalName : path.basename(row.name);
      const encoded = encodeURIComponent(fileName);
      return reply
        .type('application/octet-stream')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename*=UTF-8''${encoded}`)
        .header('download-filename', encoded)
        .header('access-control-expose-headers', 'download-filename, content-disposition')
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );

  // Multipart is parsed only in this scope, as for imports.
  app.register(async (scope) => {
    await scope.register(multipart, {
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
        const store = storeFor(storage.category, request);
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
        const originalName = cleanFileName(part.filename ?? '');
        const dot = originalName.lastIndexOf('.');
        const extension = dot > 0 ? originalName.slice(dot + 1).toLowerCase() : '';
        if (!/^[a-z0-9]{1,16}$/.test(extension) || !config.uploadExtensions.includes(extension)) {
          part.file.resume();
          throw badRequest('attach.badType', { allowed: config.uploadExtensions.join(', ') });
        }
        const id = nextId();
        const key = objectKey(auth, storage.bucketName, id, extension);
        let size = 0;
        // Counts as the bytes pass, without reading ahead of the store (a data listener would).
        const counted = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            done(null, chunk);
          },
        });
        // pipe() does not pass errors on: a failing upload must fail the store's write too.
        part.file.on('error', (error) => counted.destroy(error));
        try {
          await store.put(key, part.file.pipe(counted));
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw error;
        }
        if (part.file.truncated) {
          await store.remove(key);
          throw tooLarge();
        }
        if (size === 0) {
          await store.remove(key);
          throw badRequest('attach.empty');
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
          await store.remove(key);
          throw error;
        }
      },
    );
  });
}

/** The storage type's name in the caller's language, for the "not supported" message. */
function categoryLabel(category: string, request: FastifyRequest): string {
  const entry = dicts.ossCategory.values.find((v) => v.value === category);
  return entry ? entry.label[request.language] : category;
}
