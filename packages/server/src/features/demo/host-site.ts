import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { hostSitePage, signedOutPage, type HostPerson } from './host-site-page';

/**
 * The demo host network: a small site of its own origin that signs people in
 * at the identity provider (OpenID Connect, its own client) and puts the
 * messenger on its page with the embedding kit's one script tag. It stands in
 * for the social network that embeds Messenger (`npm start`, the e2e test).
 * Sessions live in memory: it is a demo.
 */
export interface HostSiteOptions {
  port?: number;
  /** The address it listens on (default 127.0.0.1). */
  host?: string;
  /** The host name in its own URLs (default `localhost`: another site than a messenger on 127.0.0.1). */
  publicHost?: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The messenger's origin: the kit's script tag points there. */
  messengerUrl: string;
  /** A few people the signed-in person may message (the host's own "people you know"). */
  people?: (personId: string) => Promise<HostPerson[]> | HostPerson[];
}

export interface RunningHostSite {
  url: string;
  close(): Promise<void>;
}

interface HostSession {
  personId: string;
  name: string;
  idToken: string;
}

interface PendingLogin {
  verifier: string;
  state: string;
  nonce: string;
}

const SESSION_COOKIE = 'host_session';
const LOGIN_COOKIE = 'host_login';

function cookies(req: IncomingMessage): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== undefined && name !== '') jar.set(name, rest.join('='));
  }
  return jar;
}

function send(res: ServerResponse, status: number, html: string, setCookie?: string): void {
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  if (setCookie !== undefined) res.setHeader('set-cookie', setCookie);
  res.end(html);
}

function redirect(res: ServerResponse, location: string, setCookie?: string[]): void {
  res.statusCode = 303;
  res.setHeader('location', location);
  res.setHeader('cache-control', 'no-store');
  if (setCookie !== undefined) res.setHeader('set-cookie', setCookie);
  res.end();
}

const cookieHeader = (name: string, value: string, maxAge: number): string =>
  `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${String(maxAge)}`;

export async function startHostSite(options: HostSiteOptions): Promise<RunningHostSite> {
  const server: Server = createServer();
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.publicHost ?? 'localhost'}:${String(port)}`;
  const sessions = new Map<string, HostSession>();
  const logins = new Map<string, PendingLogin>();
  let configuration: client.Configuration | null = null;
  const config = async (): Promise<client.Configuration> => {
    configuration ??= await client.discovery(
      new URL(options.issuer),
      options.clientId,
      options.clientSecret,
      undefined,
      // The demo's identity provider is plain http on loopback (deprecated only as a warning sign).
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      { execute: [client.allowInsecureRequests] },
    );
    return configuration;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const current = new URL(req.url ?? '/', url);
    const jar = cookies(req);
    const session = sessions.get(jar.get(SESSION_COOKIE) ?? '');

    if (req.method === 'GET' && current.pathname === '/') {
      if (session === undefined) {
        send(res, 200, signedOutPage());
        return;
      }
      const people = (await options.people?.(session.personId)) ?? [];
      send(
        res,
        200,
        hostSitePage({ name: session.name, people, messengerUrl: options.messengerUrl }),
      );
      return;
    }
    if (req.method === 'GET' && current.pathname === '/login') {
      const pending: PendingLogin = {
        verifier: client.randomPKCECodeVerifier(),
        state: client.randomState(),
        nonce: client.randomNonce(),
      };
      const key = randomBytes(24).toString('base64url');
      logins.set(key, pending);
      const target = client.buildAuthorizationUrl(await config(), {
        redirect_uri: `${url}/callback`,
        scope: 'openid profile',
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      redirect(res, target.href, [cookieHeader(LOGIN_COOKIE, key, 600)]);
      return;
    }
    if (req.method === 'GET' && current.pathname === '/callback') {
      const key = jar.get(LOGIN_COOKIE) ?? '';
      const pending = logins.get(key);
      logins.delete(key);
      if (pending === undefined) {
        redirect(res, '/');
        return;
      }
      const tokens = await client.authorizationCodeGrant(await config(), current, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (claims === undefined || tokens.id_token === undefined) throw new Error('no ID token');
      const id = randomBytes(24).toString('base64url');
      sessions.set(id, {
        personId: claims.sub,
        name: typeof claims.name === 'string' ? claims.name : claims.sub,
        idToken: tokens.id_token,
      });
      redirect(res, '/', [
        cookieHeader(SESSION_COOKIE, id, 86_400),
        cookieHeader(LOGIN_COOKIE, '', 0),
      ]);
      return;
    }
    if (req.method === 'POST' && current.pathname === '/logout') {
      sessions.delete(jar.get(SESSION_COOKIE) ?? '');
      const clear = [cookieHeader(SESSION_COOKIE, '', 0)];
      if (session === undefined) {
        redirect(res, '/', clear);
        return;
      }
      // Signing out of the network signs out at the identity provider, which tells the messenger.
      const end = client.buildEndSessionUrl(await config(), {
        id_token_hint: session.idToken,
        post_logout_redirect_uri: `${url}/`,
      });
      redirect(res, end.href, clear);
      return;
    }
    send(res, 404, signedOutPage('That page does not exist.'));
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, signedOutPage(`Something went wrong: ${String(error)}`));
    });
  });
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
