import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { AUDIO_MAX_BYTES, AUDIO_SNIFF_BYTES, IMAGE_MAX_BYTES, MSG, sniffAudio } from '@atk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { contentTypeOf, dispositionOf, isValidKey, visibilityOf } from '../../platform/storage/keys.ts';
import { AlreadyExists, LocalStorage, TooLarge } from '../../platform/storage/local.ts';
import type { Storage } from '../../platform/storage/types.ts';

/**
 * `PUT /files/{key}` and `GET /files/{key}` for the local storage (nothing when files live in S3).
 * Outside the API's auth: a PUT is authorised by its signature alone; files are public, except private keys (the
 * originals), which a GET reads only with a valid read signature (`storage.readUrl`).
 */
export async function fileRoutes(app: FastifyInstance, { storage }: { storage: Storage }) {
  if (!(storage instanceof LocalStorage)) return;
  // Bodies are files of any type, streamed to disk as they come (never parsed, never buffered).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, _payload, done) => done(null));

  app.put('/files/*', { schema: { hide: true }, config: { upload: true } }, async (req, reply) => {
    const key = keyFrom(req);
    const query = req.query as Record<string, string | undefined>;
    if (!storage.verifyPut(key, query, req.headers['content-type'])) throw new AppError(403, MSG.uploadLinkInvalid);
    // Images (product and retailer pictures, POST /api/v1/admin/aws/presigned) are 2 MB at most, as the spec's
    // pictures; anything else is a source audio.
    const { maxBytes, tooLarge } = limitOf(key);
    const declared = Number(req.headers['content-length']);
    if (declared > maxBytes) {
      // Not worth reading what will be refused: answer, then close the connection.
      reply.header('connection', 'close');
      throw tooLarge();
    }
    // A link is single-use (as on S3, where it is a conditional write): a file once written is never replaced.
    const taken = () => {
      reply.header('connection', 'close');
      return new AppError(412, MSG.uploadLinkUsed);
    };
    if (await storage.head(key)) throw taken();
    // A source audio that cannot be audio by its first bytes is refused at once (the job would refuse it only after
    // the whole transfer): nothing is written, the rest of the body is not read, and the link stays usable.
    if (key.startsWith(AUDIO_UPLOADS) && !sniffAudio(await peek(req.raw, AUDIO_SNIFF_BYTES))) {
      reply.header('connection', 'close');
      throw badRequest(MSG.notAudio);
    }
    try {
      await storage.putNew(key, req.raw, maxBytes);
    } catch (err) {
      if (err instanceof AlreadyExists) throw taken();
      if (err instanceof TooLarge) {
        // The rest of the body is not read: close the connection rather than drain up to 500 MB more.
        reply.header('connection', 'close');
        throw tooLarge();
      }
      throw err;
    }
    return ok({ key });
  });

  app.options('/files/*', { schema: { hide: true } }, async (_req, reply) => {
    cors(reply)
      .header('access-control-allow-methods', 'GET, HEAD')
      .header('access-control-allow-headers', 'range')
      .header('access-control-max-age', '86400')
      .code(204)
      .send();
  });

  // GET and HEAD (its own route: the automatic one would read the whole file to discard it).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/*',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (req, reply) => {
      const key = keyFrom(req);
      const isPrivate = visibilityOf(key) === 'private';
      // Without a valid signature a private file is answered as if absent (its existence is not told either).
      if (isPrivate && !storage.verifyRead(key, req.query as Record<string, string | undefined>)) throw notFound();
      const file = storage.pathOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw notFound();
      const size = info.size;
      const range = parseRange(req.headers.range, size);
      if (range === 'unsatisfiable') {
        reply.code(416).header('content-range', `bytes */${size}`);
        throw new AppError(416, 'The requested range is not within the file');
      }
      cors(reply)
        .header('content-type', contentTypeOf(key))
        // Keys never change (each upload gets a new, timestamped key), so a copy is good for ever; a private file
        // is kept by no cache (the link that reached it expires).
        .header('cache-control', isPrivate ? 'private, no-store' : 'public, max-age=31536000, immutable')
        .header('last-modified', info.mtime.toUTCString())
        .header('accept-ranges', 'bytes')
        // Files are data, never a page: an uploaded SVG cannot run script on this origin (and is sanitised when
        // uploaded, and opened directly it downloads: the same protections it has in an S3 bucket).
        .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")
        .header('x-content-type-options', 'nosniff');
      const disposition = dispositionOf(contentTypeOf(key));
      if (disposition) reply.header('content-disposition', disposition);
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1);
      } else reply.header('content-length', size);
      if (req.method === 'HEAD') return reply.send();
      return reply.send(range ? createReadStream(file, range) : createReadStream(file));
    },
  });
}

/** Where the presigned source audio goes (uploads/service.ts presignAudio). */
const AUDIO_UPLOADS = 'audio/origin/';

/** The size a signed PUT may write under `key`, and the refusal past it. */
function limitOf(key: string) {
  if (key.startsWith('images/'))
    return { maxBytes: IMAGE_MAX_BYTES, tooLarge: () => new AppError(413, MSG.pictureTooLarge) };
  return { maxBytes: AUDIO_MAX_BYTES, tooLarge: () => new AppError(413, MSG.fileTooLarge) };
}

/**
 * The first `n` bytes of a stream, read without consuming them: they are put back, so whoever reads the stream
 * next gets it whole. A stream that ends (or breaks off) before `n` bytes gives what it had, and is then spent.
 */
export async function peek(stream: Readable, n: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  while (size < n) {
    const chunk: Buffer | null = stream.read();
    if (chunk) {
      chunks.push(chunk);
      size += chunk.length;
      continue;
    }
    if (stream.readableEnded || stream.destroyed) break;
    await new Promise<void>((resolve, reject) => {
      const settle = (err?: Error) => {
        stream.off('readable', settle).off('end', settle).off('close', settle).off('error', settle);
        if (err) reject(err);
        else resolve();
      };
      stream.on('readable', settle).on('end', settle).on('close', settle).on('error', settle);
    });
  }
  const head = Buffer.concat(chunks);
  // Unshifting in the same tick as the last read: the stream has not announced its end yet.
  if (head.length > 0 && !stream.readableEnded) stream.unshift(head);
  return head.subarray(0, n);
}

function keyFrom(req: FastifyRequest): string {
  const key = (req.params as { '*': string })['*'];
  if (!isValidKey(key)) throw badRequest('The file path is not valid');
  return key;
}

/** The embeddable player on other sites reads files too. */
const cors = (reply: FastifyReply) =>
  reply
    .header('access-control-allow-origin', '*')
    .header('access-control-expose-headers', 'content-length, content-range, accept-ranges')
    .header('cross-origin-resource-policy', 'cross-origin');

/**
 * One byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`). Several ranges, or a header that does not parse,
 * are ignored (the whole file is sent, as RFC 9110 allows); a range starting past the end is unsatisfiable.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1) };
}
