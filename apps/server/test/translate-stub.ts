import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A LibreTranslate-compatible stub: POST /translate {q, source, target, api_key} on 127.0.0.1. */
export class TranslateStub {
  private server: Server | undefined;
  requests: { q: string; source: string; target: string; api_key?: string }[] = [];
  /** Milliseconds to wait before answering (to exercise the client's timeout). */
  delayMs = 0;
  dictionary: Record<string, { translatedText: string; alternatives?: string[] }> = {};
  /** What GET /languages answers (LibreTranslate's shape); unset: 404, as an API without it. */
  languages: { code: string; name: string; targets?: string[] }[] | undefined;
  languageRequests = 0;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      if (request.method === 'GET' && request.url === '/languages') {
        this.languageRequests += 1;
        setTimeout(() => {
          response.writeHead(this.languages ? 200 : 404, { 'content-type': 'application/json' });
          response.end(JSON.stringify(this.languages ?? { error: 'Not found' }));
        }, this.delayMs);
        return;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TranslateStub['requests'][number];
        this.requests.push(body);
        setTimeout(() => {
          const entry = this.dictionary[`${body.source}:${body.target}:${body.q}`];
          if (request.url !== '/translate' || !entry) {
            response.writeHead(400, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ error: 'unknown word' }));
            return;
          }
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(entry));
        }, this.delayMs);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
