import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { UPLOAD_MESSAGES, UPLOAD_SESSION_HEADER } from '../../domain/uploads';
import { AddUploadFileSchema, CreateUploadSessionSchema, SignUploadRequestSchema } from '../../domain/schemas/uploads';
import { HttpError } from '../lib/http-error';
import { parseInput } from '../lib/validation';
import type { AuthState } from '../middleware/auth';
import type { Caller } from '../uploads/upload-context';
import type { UploadService } from '../uploads/upload-service';

const SessionParams = z.object({ sessionId: z.uuid({ message: UPLOAD_MESSAGES.sessionNotFound }) });
const FileParams = SessionParams.extend({ fileId: z.uuid({ message: UPLOAD_MESSAGES.fileNotFound }) });

function caller(ctx: Context): Caller {
  return { userId: (ctx.state as AuthState).user?.id ?? null };
}

function secret(ctx: Context): string | undefined {
  return ctx.get(UPLOAD_SESSION_HEADER) || undefined;
}

/** Ids in the path that are not uuids name nothing: 404 with the French message, not a 400. */
function params<T>(schema: z.ZodType<T>, ctx: Context): T {
  const parsed = schema.safeParse(ctx.params);
  if (!parsed.success) throw new HttpError(404, parsed.error.issues[0]?.message ?? UPLOAD_MESSAGES.sessionNotFound);
  return parsed.data;
}

/**
 * Browser uploads straight to storage (001 §5.2, §7, §9.1). Anonymous callers may upload; every
 * call after the session's creation presents its secret in `X-Upload-Session`.
 */
export function uploadRoutes(uploads: UploadService): Router {
  const router = new Router({ prefix: '/api/uploads' });

  router.post('/sessions', async (ctx) => {
    const { area } = parseInput(CreateUploadSessionSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = await uploads.createSession(caller(ctx), area);
  });

  router.get('/sessions/:sessionId/files', async (ctx) => {
    const { sessionId } = params(SessionParams, ctx);
    ctx.body = { files: await uploads.listFiles(sessionId, secret(ctx), caller(ctx)) };
  });

  router.post('/sessions/:sessionId/files', async (ctx) => {
    const { sessionId } = params(SessionParams, ctx);
    const input = parseInput(AddUploadFileSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await uploads.addFile(sessionId, secret(ctx), caller(ctx), input);
  });

  router.post('/sessions/:sessionId/files/:fileId/sign', async (ctx) => {
    const { sessionId, fileId } = params(FileParams, ctx);
    const request = parseInput(SignUploadRequestSchema, ctx.request.body);
    ctx.body = await uploads.sign(sessionId, fileId, secret(ctx), caller(ctx), request);
  });

  router.post('/sessions/:sessionId/files/:fileId/complete', async (ctx) => {
    const { sessionId, fileId } = params(FileParams, ctx);
    ctx.body = await uploads.completeFile(sessionId, fileId, secret(ctx), caller(ctx));
  });

  router.delete('/sessions/:sessionId/files/:fileId', async (ctx) => {
    const { sessionId, fileId } = params(FileParams, ctx);
    await uploads.removeFile(sessionId, fileId, secret(ctx), caller(ctx));
    ctx.status = 204;
  });

  router.post('/sessions/:sessionId/analysis', async (ctx) => {
    const { sessionId } = params(SessionParams, ctx);
    ctx.body = await uploads.analyse(sessionId, secret(ctx), caller(ctx));
  });

  return router;
}
