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

  constructor(
    private readonly clientId: string,
    jwksUrl: string,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.keys = createRemoteJWKSet(new URL(jwksUrl), {
      cacheMaxAge: 60 * 60 * 1000,
      cooldownDuration: 30_000,
      timeoutDuration: 5_000,
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
      // Google's key server unreachable is our outage, not a bad token.
      if (error instanceof joseErrors.JWKSTimeout) throw new AppError('GOOGLE_UNAVAILABLE');
      throw new AppError('INVALID_GOOGLE_TOKEN');
    }
  }
}
