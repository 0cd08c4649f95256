import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../../domain/errors';

export interface GoogleIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** When Google issued the token (`iat`): a confirmation must come from signing in just now. */
  issuedAt: Date | null;
}

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/**
 * Verifies Google ID tokens: the signature against Google's JWKS (fetched once, cached, refetched
 * for an unknown key id), the audience (our client id), the issuer and the expiry.
 */
export class GoogleVerifier {
  private readonly keys: JWTVerifyGetKey;

  /** `timeoutMs` bounds the fetch of the keys, answer included (decision 0073). */
  constructor(
    private readonly clientId: string,
    jwksUrl: string,
    timeoutMs: number,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.keys = createRemoteJWKSet(new URL(jwksUrl), {
      cacheMaxAge: 60 * 60 * 1000,
      cooldownDuration: 30_000,
      timeoutDuration: timeoutMs,
    });
  }

  async verify(credential: string): Promise<GoogleIdentity> {
    try {
      const { payload } = await jwtVerify(credential, this.keys, {
        audience: this.clientId,
        issuer: GOOGLE_ISSUERS,
        currentDate: this.clock(),
        algorithms: ['RS256'],
      });
      if (!payload.sub) throw new AppError('INVALID_GOOGLE_TOKEN');
      const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
      const verified = payload.email_verified === true || payload.email_verified === 'true';
      return {
        subject: payload.sub,
        email,
        emailVerified: email !== null && verified,
        issuedAt: typeof payload.iat === 'number' ? new Date(payload.iat * 1000) : null,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      // Google's key server slow, unreachable or answering nonsense is our outage, not a bad
      // token: jose reports those as a timeout, a plain JOSEError or no JOSEError at all (fetch
      // failed); every verdict on the token itself is a subclass.
      const keysUnavailable =
        error instanceof joseErrors.JWKSTimeout ||
        !(error instanceof joseErrors.JOSEError) ||
        error.constructor === joseErrors.JOSEError;
      if (keysUnavailable) throw new AppError('GOOGLE_UNAVAILABLE', {}, { cause: error });
      throw new AppError('INVALID_GOOGLE_TOKEN');
    }
  }
}
