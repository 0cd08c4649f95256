import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  contentTypes: string[];
  /** The top-level headers, by lower-cased name. */
  headers: Map<string, string>;
}

function decodeQuotedPrintable(input: string): string {
  const bytes = input
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words in headers (=?UTF-8?Q?…?= / =?UTF-8?B?…?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Just enough MIME for the mails nodemailer writes: one multipart/alternative or one part. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const mail: ReceivedMail = {
    to,
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: '',
    html: '',
    contentTypes: [],
    headers,
  };
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1)
        .filter((part) => !part.startsWith('--'))
        .map((part) => {
          const cut = part.search(/\r?\n\r?\n/);
          return { headers: parseHeaders(part.slice(0, cut)), body: part.slice(cut).trim() };
        })
    : [{ headers, body }];
  for (const part of parts) {
    const type = (part.headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim();
    mail.contentTypes.push(type);
    const decoded = decodeBody(part.body, part.headers.get('content-transfer-encoding'));
    if (type === 'text/plain') mail.text = decoded;
    if (type === 'text/html') mail.html = decoded;
  }
  return mail;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests to read codes from. */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  /** Recipients the server refuses (550), as a mail server that rejects an address would. */
  readonly refused = new Set<string>();
  private waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  private readonly server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        const refused = this.refused.has(address.address.toLowerCase());
        callback(
          refused ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined,
        );
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to);
          this.mails.push(mail);
          this.waiters = this.waiters.filter((waiter) => {
            if (!to.includes(waiter.to)) return true;
            waiter.resolve(mail);
            return false;
          });
          callback();
        });
      },
    });
  }

  /** Listens on `port` (0: any free one); the SMTP_URL to give the server. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  mailsTo(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  /** The next mail to `address` (or the newest already received since `after`). */
  waitFor(address: string, after = 0, timeoutMs = 5_000): Promise<ReceivedMail> {
    const already = this.mailsTo(address).slice(after);
    if (already.length > 0) return Promise.resolve(already[0]!);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no mail to ${address} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        to: address.toLowerCase(),
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      });
    });
  }

  /** The six-digit code of the newest mail to `address`. */
  async codeFor(address: string, after?: number): Promise<string> {
    const mail = await this.waitFor(address, after ?? Math.max(0, this.mailsTo(address).length - 1));
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (!code) throw new Error(`no code in mail to ${address}: ${mail.text}`);
    return code;
  }
}
