import type { FastifyReply } from 'fastify';

/**
 * Marks the answer as a file to save (RFC 6266): an ASCII `filename` for old clients and the
 * real, possibly non-Latin, name as `filename*`. Never cached: it is the user's own data.
 */
export function asAttachment(reply: FastifyReply, fileName: string, contentType: string): void {
  const ascii = /^[\x20-\x7e]+$/.test(fileName) ? fileName : fileName.replace(/[^\x20-\x7e]/g, '_');
  const safeAscii = ascii.replace(/["\\]/g, '_');
  reply
    .type(contentType)
    .header(
      'content-disposition',
      `attachment; filename="${safeAscii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('cache-control', 'no-store');
}
