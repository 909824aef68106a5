import { uploadEndpoints as api, MSG } from '@atk/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { drainBody } from '../../http/limits.ts';
import { route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import { type AppError, badRequest } from '../../platform/errors.ts';
import * as uploads from './service.ts';

/**
 * Signed links to upload to storage (a source's audio on both paths; an image under a named key, under /api/v1) and
 * the multipart image and graph uploads, each with its /admin path.
 */
export function uploadRoutes(app: App, deps: Deps) {
  for (const v of ['own', 'admin'] as const) {
    route(app, api.presignAudio[v], async (req) => ok(await uploads.presignAudio(deps, currentUser(req), req.query)), {
      config: { brandWrite: true },
    });
  }
  route(app, api.presignKey, async (req) => ok(await uploads.presignKey(deps, currentUser(req), req.body)));

  // Multipart parsing only here, in a scope of its own: the rest of the API speaks JSON.
  app.register(async (scope) => {
    await scope.register(multipart);
    // Any other body type reaches the handler unread, which answers 400 'Send the file as multipart/form-data'
    // (docs/api.md) instead of the JSON API's 415.
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    // A refused form may not have been read whole (no token, too large…) and the client may still be sending: the
    // rest is read and dropped after the answer, so the client receives it (http/limits.ts drainBody, registered
    // for every upload route by installBodyDeadline).
    // An upload's body may take longer to arrive than a JSON body (docs/deployment.md, "Slow clients").
    const upload = { config: { upload: true } };
    for (const v of ['own', 'admin'] as const) {
      route(
        scope,
        api.uploadImage[v],
        async (req) => {
          const form = await readForm(req, deps, uploads.IMAGE_MAX_BYTES, uploads.tooLargeImage);
          const fields = uploads.parseFields(api.uploadImage[v].form, form.fields);
          return ok(await uploads.uploadImage(deps, currentUser(req), fields, form.file), MSG.uploadSuccess);
        },
        upload,
      );
      route(
        scope,
        api.uploadFile[v],
        async (req) => {
          const form = await readForm(req, deps, uploads.FILE_MAX_BYTES, uploads.tooLargeFile);
          const fields = uploads.parseFields(api.uploadFile[v].form, form.fields);
          return ok(await uploads.uploadFile(deps, currentUser(req), fields, form.file), MSG.uploadSuccess);
        },
        upload,
      );
    }
  });
}

/** The form's text fields and its one file (field `file`), the file held in memory within `maxBytes`. */
async function readForm(req: FastifyRequest, deps: Deps, maxBytes: number, tooLarge: () => AppError) {
  const fields: Record<string, string> = {};
  let file: uploads.UploadedFile | null = null;
  try {
    const parts = req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1000, parts: 11 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file') file = { filename: part.filename, data };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    // The client may still be sending: the rest is read and dropped once answered (http/limits.ts).
    drainBody(req.raw, deps.config.http);
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(uploads.UPLOAD_MSG.notMultipart);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest(uploads.UPLOAD_MSG.tooManyParts);
    // Nothing but the form's parsing runs above: any other failure is a form that does not parse (no or an empty
    // boundary, a truncated part, a body that ends early), the client's fault, not the server's.
    req.log.info({ err }, 'malformed multipart form');
    throw badRequest(MSG.multipartMalformed);
  }
  return { fields, file };
}
