import {
  createDecipheriv,
  createECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type webcrypto,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real Web Push service on 127.0.0.1, as a browser vendor runs one (RFC 8030), for the tests:
 * each POST must carry a valid VAPID authorization (RFC 8292: an ES256 JWT signed by the
 * application server's key, for this origin, expiring within 24 h, with a contact), and its body
 * is decrypted (aes128gcm, RFC 8291 + RFC 8188) with the subscription's private key and auth
 * secret, made here as a browser makes them. Nothing of the sender is trusted or reused. The
 * server posts to 127.0.0.1 only with PUSH_TEST_LOOPBACK=true (never in production, decision 0072).
 */

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const fromB64url = (text: string) => Buffer.from(text, 'base64url');

/** A VAPID key pair as VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY take it (base64url P-256). */
export function vapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: b64url(ecdh.getPublicKey()),
    privateKey: b64url(Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()]).subarray(-32)),
  };
}

/** What a browser's `PushSubscription.toJSON()` gives, plus the private half it keeps. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface Registered {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  /** The applicationServerKey the browser subscribed with: only its signature is accepted. */
  applicationServerKey: string;
  /** A status to answer instead of 201 (410: the subscription is gone). */
  answer?: number;
}

export interface ReceivedPush {
  endpoint: string;
  payload: string;
  headers: { ttl: string | undefined; urgency: string | undefined; topic: string | undefined };
}

export interface Rejection {
  endpoint: string;
  status: number;
  reason: string;
}

/** The P-256 public key (65 bytes, uncompressed) as a JWK for node:crypto. */
function publicJwk(raw: Buffer): webcrypto.JsonWebKey {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) };
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` as a push service does; the reason when it is
 * not acceptable, undefined when it is. `expectedKey` is the key the subscription was made with.
 */
export function verifyVapid(
  authorization: string | undefined,
  options: { audience: string; expectedKey: string; now?: Date },
): string | undefined {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) return 'no vapid authorization';
  const [, token = '', key = ''] = match;
  if (key !== options.expectedKey) return 'not the key the subscription was made with';
  const [header = '', claims = '', signature = ''] = token.split('.');
  let parsedHeader: { typ?: unknown; alg?: unknown };
  let parsed: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    parsedHeader = JSON.parse(fromB64url(header).toString('utf8')) as typeof parsedHeader;
    parsed = JSON.parse(fromB64url(claims).toString('utf8')) as typeof parsed;
  } catch {
    return 'malformed token';
  }
  if (parsedHeader.alg !== 'ES256') return 'not ES256';
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicJwk(fromB64url(key)), format: 'jwk', dsaEncoding: 'ieee-p1363' },
    fromB64url(signature),
  );
  if (!signed) return 'bad signature';
  if (parsed.aud !== options.audience) return `audience ${String(parsed.aud)}`;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (typeof parsed.exp !== 'number' || parsed.exp <= now || parsed.exp > now + 24 * 60 * 60)
    return 'expiry not within 24 hours';
  if (typeof parsed.sub !== 'string' || !/^(mailto:|https:)/.test(parsed.sub)) return 'no contact';
  return undefined;
}

/** Decrypts an aes128gcm push message body (RFC 8291 keys, RFC 8188 records). */
export function decryptPush(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('the key id is not a P-256 public key');
  const secret = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  if (recordSize < 18) throw new Error('record size too small');
  const plain: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < ciphertext.length; offset += recordSize, sequence += 1) {
    const record = ciphertext.subarray(offset, offset + recordSize);
    const iv = Buffer.from(nonce);
    // The record's sequence number XORed into the nonce's low bytes (far fewer than 2^32 records).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    const last = offset + recordSize >= ciphertext.length;
    if (padded[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain).toString('utf8');
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class PushEndpoint {
  private server: Server | undefined;
  private readonly subscriptions = new Map<string, Registered>();
  origin = '';
  readonly received: ReceivedPush[] = [];
  readonly rejected: Rejection[] = [];

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(
        (status) => {
          response.writeHead(status);
          response.end();
        },
        () => {
          response.writeHead(500);
          response.end();
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /**
   * A new subscription, as `pushManager.subscribe({ applicationServerKey })` makes in a browser:
   * a fresh P-256 key pair and 16 random bytes of auth secret; this service keeps the private half.
   */
  subscribe(applicationServerKey: string): BrowserSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `${this.origin}/push/${randomUUID()}`;
    this.subscriptions.set(endpoint, { ecdh, auth, applicationServerKey });
    return { endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
  }

  /** From now on this endpoint answers `status` (410: the user revoked it, 404: unknown). */
  answer(endpoint: string, status: number): void {
    const registered = this.subscriptions.get(endpoint);
    if (!registered) throw new Error(`unknown endpoint ${endpoint}`);
    registered.answer = status;
  }

  /** The decrypted payloads delivered to `endpoint`, in order. */
  payloads(endpoint: string): unknown[] {
    return this.received.filter((push) => push.endpoint === endpoint).map((push) => JSON.parse(push.payload));
  }

  private async handle(request: IncomingMessage): Promise<number> {
    const body = await readBody(request);
    const endpoint = `${this.origin}${request.url ?? ''}`;
    const reject = (status: number, reason: string) => {
      this.rejected.push({ endpoint, status, reason });
      return status;
    };
    const registered = this.subscriptions.get(endpoint);
    if (request.method !== 'POST') return reject(405, 'not a POST');
    if (!registered) return reject(404, 'unknown subscription');
    if (registered.answer !== undefined) return reject(registered.answer, 'told to answer so');
    const problem = verifyVapid(request.headers.authorization, {
      audience: this.origin,
      expectedKey: registered.applicationServerKey,
    });
    if (problem) return reject(401, problem);
    if (request.headers['content-encoding'] !== 'aes128gcm') return reject(415, 'not aes128gcm');
    if (request.headers.ttl === undefined) return reject(400, 'no TTL');
    let payload: string;
    try {
      payload = decryptPush(body, registered.ecdh, registered.auth);
    } catch (error) {
      return reject(400, `undecryptable: ${(error as Error).message}`);
    }
    this.received.push({
      endpoint,
      payload,
      headers: {
        ttl: request.headers.ttl as string | undefined,
        urgency: request.headers.urgency as string | undefined,
        topic: request.headers.topic as string | undefined,
      },
    });
    return 201;
  }
}
