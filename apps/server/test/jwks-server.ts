import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';

export interface TokenClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  aud?: string;
  iss?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  kid?: string;
  /** When Google issues it (default: now): the server's TestClock may run ahead of real time. */
  at?: Date;
}

/** A local stand-in for Google's JWKS endpoint, with a test key that signs ID tokens. */
export class JwksServer {
  private server: Server | undefined;
  private privateKey!: CryptoKey;
  private otherKey!: CryptoKey;
  private jwk!: JWK;
  requests = 0;
  url = '';

  constructor(readonly clientId = 'wordhoard-test.apps.googleusercontent.com') {}

  async start(): Promise<string> {
    const pair = await generateKeyPair('RS256');
    this.privateKey = pair.privateKey;
    this.otherKey = (await generateKeyPair('RS256')).privateKey;
    this.jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
    this.server = createServer((_request, response) => {
      this.requests += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [this.jwk] }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/oauth2/v3/certs`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** An ID token as Google would issue it; `signWithOtherKey` forges the signature. */
  async token(claims: TokenClaims, options: { signWithOtherKey?: boolean } = {}): Promise<string> {
    const { sub, aud, iss, expiresIn, kid, at, ...rest } = claims;
    const now = Math.floor((at ?? new Date()).getTime() / 1000);
    return new SignJWT(rest)
      .setProtectedHeader({ alg: 'RS256', kid: kid ?? 'test-key-1' })
      .setSubject(sub)
      .setAudience(aud ?? this.clientId)
      .setIssuer(iss ?? 'https://accounts.google.com')
      .setIssuedAt(now - 10)
      .setExpirationTime(now + (expiresIn ?? 3600))
      .sign(options.signWithOtherKey ? this.otherKey : this.privateKey);
  }
}
