import path from 'node:path';
import { Readable } from 'node:stream';
import { ok, ResultCode } from '@bl/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { afterCommit, type Database } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { user } from '../../db/schema/index.ts';
import { requireAuth } from '../../http/context.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { registerUploads } from '../../http/uploads.ts';
import { translate } from '../../i18n/messages.ts';
import { looksLike, pictureKindOf } from './pictures.ts';
import { serverStore } from './stores.ts';

/** Largest avatar picture: small enough to show at once, large enough for a photo at 256 px. */
export const avatarMaxBytes = 512 * 1024;
const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
export const avatarPath = '/api/bl-system/user/avatar';
/** `{userId}-{id}.{ext}`: made by the server, so a name can never reach outside the folder. */
const filePattern = /^\d{1,19}-\d{1,19}\.(png|jpe?g|gif|webp)$/;
const keyOf = (tenantId: string, file: string) => `${tenantId}/avatar/${file}`;

/**
 * The signed-in user's own avatar (/info/index, spec 01 §2). Any signed-in user may change
 * theirs (no button: it is their own record, like their name); pictures are kept on the local
 * disk under the tenant's folder and read by signed-in users of the same tenant. The user's
 * `avatar` becomes `{avatarPath}?file=…`; a new picture replaces the old one, whose file goes
 * once the change has committed.
 */
export function registerAvatarRoutes(app: FastifyInstance, database: Database, config: Config) {
  const store = serverStore(config);

  app.withTypeProvider<ZodTypeProvider>().get(
    avatarPath,
    {
      schema: {
        tags: ['user'],
        summary: "A user's avatar picture, for signed-in users of the same tenant",
        querystring: z.object({ file: z.string().regex(filePattern) }),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const found = await store.get(keyOf(auth.tenantId, request.query.file));
      if (!found) throw notFound('error.notFound');
      const extension = path.extname(request.query.file).slice(1);
      return reply
        .header('Content-Type', contentTypes[extension] ?? 'application/octet-stream')
        .header('Content-Length', String(found.size))
        .header('Cache-Control', 'private, max-age=86400')
        .send(found.stream);
    },
  );

  app.register(async (scope) => {
    await registerUploads(scope, {
      timeoutMs: config.uploadTimeoutMs,
      limits: { fileSize: avatarMaxBytes, files: 1, fields: 2, parts: 3 },
    });
    scope.post(
      avatarPath,
      {
        schema: {
          tags: ['user'],
          summary: 'Replaces the signed-in user’s avatar (multipart field file: png, jpg, gif or webp)',
          consumes: ['multipart/form-data'],
        },
      },
      async (request: FastifyRequest) => {
        const auth = requireAuth(request.auth);
        const tooLarge = () =>
          new AppError(ResultCode.payloadTooLarge, 'avatar.tooLarge', {
            limit: `${avatarMaxBytes / 1024} KB`,
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
        const extension = path
          .extname(part.filename ?? '')
          .slice(1)
          .toLowerCase();
        if (!contentTypes[extension]) {
          part.file.resume();
          throw badRequest('avatar.badType');
        }
        // Small enough to read whole: its bytes are checked before anything is written.
        let content: Buffer;
        try {
          content = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw error;
        }
        if (part.file.truncated) throw tooLarge();
        if (content.length === 0) throw badRequest('attach.empty');
        if (!looksLike(pictureKindOf(extension) ?? '', content))
          throw badRequest('avatar.notPicture', { type: extension });
        const file = `${auth.userId}-${nextId()}.${extension}`;
        const key = keyOf(auth.tenantId, file);
        await store.put(key, Readable.from([content]));
        const avatar = `${avatarPath}?file=${file}`;
        try {
          await database.withTenant(auth.tenantId, async (tx) => {
            const [before] = await tx
              .select({ avatar: user.avatar })
              .from(user)
              .where(and(eq(user.id, auth.userId), eq(user.isDeleted, 0)))
              .for('update');
            if (!before) throw notFound('error.notFound');
            await tx
              .update(user)
              .set({ avatar, updateUser: auth.userId, updateTime: new Date() })
              .where(eq(user.id, auth.userId));
            const old = before.avatar?.startsWith(`${avatarPath}?file=`)
              ? before.avatar.slice(`${avatarPath}?file=`.length)
              : undefined;
            if (old && filePattern.test(old))
              afterCommit(tx, () => store.remove(keyOf(auth.tenantId, old)).catch(() => undefined));
          });
        } catch (error) {
          // Nothing half-written: the picture goes with the failed change.
          await store.remove(key);
          throw error;
        }
        return ok({ avatar }, translate('ok', request.language));
      },
    );
  });
}
