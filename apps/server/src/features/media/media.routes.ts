import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import { AppError } from '../../domain/errors';
import type { ByteRange } from './blob-store';
import type { MediaService } from './media.service';

/** Media files never change under their id (a new upload is a new id). */
const MEDIA_CACHE_CONTROL = 'private, max-age=31536000, immutable';

export function registerMediaRoutes(app: FastifyInstance, deps: { media: MediaService }): void {
  const { media } = deps;

  route(app, 'putWordPicture', ({ caller, params, upload }) =>
    media.putPicture(caller, params.id, params.wordId, upload),
  );
  route(app, 'deleteWordPicture', ({ caller, params }) =>
    media.remove(caller, params.id, params.wordId, 'picture'),
  );
  route(app, 'putWordAudio', ({ caller, params, upload }) =>
    media.putAudio(caller, params.id, params.wordId, upload),
  );
  route(app, 'deleteWordAudio', ({ caller, params }) =>
    media.remove(caller, params.id, params.wordId, 'audio'),
  );
  route(app, 'mediaUsage', ({ caller }) => media.usage(caller));
  route(app, 'getMedia', async ({ caller, params, request, reply }) => {
    const row = await media.find(caller, params.mediaId);
    const etag = `"${row.id}"`;
    reply.header('cache-control', MEDIA_CACHE_CONTROL);
    reply.header('etag', etag);
    reply.header('accept-ranges', 'bytes');
    reply.header('x-content-type-options', 'nosniff');
    if (matchesEtag(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return sendBytes(reply, new Uint8Array());
    }
    const range = requestedRange(request, etag, row.bytes);
    if (range === 'unsatisfiable') {
      reply.code(416).header('content-range', `bytes */${row.bytes}`);
      return sendBytes(reply, new Uint8Array());
    }
    const bytes = await media.read(row, range);
    // The row outlived its blob (a store restored from an older backup): as if it were gone.
    if (!bytes) throw new AppError('NOT_FOUND');
    reply.type(row.contentType);
    if (range) {
      reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${row.bytes}`);
    }
    return sendBytes(reply, bytes);
  });
}

/** Bytes go out as they are (a Buffer passes the JSON serializer by). */
const sendBytes = (reply: FastifyReply, bytes: Uint8Array): string => {
  reply.header('content-length', bytes.byteLength);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as string;
};

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * The one byte range a `Range: bytes=…` header asks for (RFC 9110 §14): undefined for the
 * whole file (no header, a stale If-Range, several ranges, another unit), 'unsatisfiable' for a
 * range past the end.
 */
export function requestedRange(
  request: Pick<FastifyRequest, 'headers'>,
  etag: string,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const header = request.headers.range;
  if (!header) return undefined;
  const ifRange = request.headers['if-range'];
  if (ifRange !== undefined && ifRange !== etag) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return undefined;
  return { start, end };
}
