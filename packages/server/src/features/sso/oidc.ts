import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { OidcConfig } from '../../config';
import type { OidcClient } from '../../context';

/**
 * The relying party's view of the identity provider: its discovered
 * configuration (fetched once, again after a failure) and the checks of a
 * back-channel logout token (OpenID Connect Back-Channel Logout 1.0, 2.6).
 */
export class OidcProvider implements OidcClient {
  private discovered: Promise<client.Configuration> | null = null;
  private jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

  constructor(readonly settings: OidcConfig) {}

  /** Plain http is allowed only for an identity provider on this machine (development, tests). */
  private get loopback(): boolean {
    const url = new URL(this.settings.issuer);
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  }

  configuration(): Promise<client.Configuration> {
    this.discovered ??= client
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        undefined,
        client.ClientSecretBasic(this.settings.clientSecret),
        // Deprecated only as a warning sign: needed for a provider on this machine, never otherwise.
        // eslint-disable-next-line @typescript-eslint/no-deprecated
        this.loopback ? { execute: [client.allowInsecureRequests] } : {},
      )
      .catch((error: unknown) => {
        this.discovered = null;
        throw error;
      });
    return this.discovered;
  }

  async logoutClaims(token: string): Promise<{ sub?: string; sid?: string }> {
    const config = await this.configuration();
    const metadata = config.serverMetadata();
    if (metadata.jwks_uri === undefined) throw new Error('the identity provider has no jwks_uri');
    this.jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
    const { payload } = await jwtVerify(token, this.jwks, {
      issuer: metadata.issuer,
      audience: this.settings.clientId,
      maxTokenAge: '5 minutes',
    });
    return checkLogoutToken(payload);
  }
}

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** The claims a logout token must and must not have (2.4, 2.6 steps 4-6). */
export function checkLogoutToken(payload: JWTPayload): { sub?: string; sid?: string } {
  const events = payload.events as Record<string, unknown> | undefined;
  if (typeof events !== 'object' || !(LOGOUT_EVENT in events)) {
    throw new Error('not a logout token: no back-channel logout event');
  }
  if ('nonce' in payload) throw new Error('a logout token has no nonce');
  const sub = typeof payload.sub === 'string' ? payload.sub : undefined;
  const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
  if (sub === undefined && sid === undefined) throw new Error('a logout token names sub or sid');
  return { ...(sub === undefined ? {} : { sub }), ...(sid === undefined ? {} : { sid }) };
}
