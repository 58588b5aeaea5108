import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A small OpenID Connect identity provider (the maintained `oidc-provider`)
 * standing in for a host network's: the demo host signs people in with it,
 * and the tests run the messenger's single sign-on against it for real
 * (discovery, PKCE, ID tokens, prompt=none, RP-initiated and back-channel
 * logout). Its clients are first-party: no consent screen.
 */
export interface IdentityAccount {
  /** The person's id in the network file: the `sub`, and the `network_person_id` claim. */
  id: string;
  name: string;
  givenName: string;
  username: string;
}

export interface IdentityProviderOptions {
  port?: number;
  host?: string;
  /** The host name of its issuer URL when not `host` (e.g. `localhost`, so it is the host site's site). */
  publicHost?: string;
  clients: ClientMetadata[];
  /** The account of an id, or null. */
  account(id: string): Promise<IdentityAccount | null> | IdentityAccount | null;
  /** Username and password to an account id, or null (the login form). */
  authenticate(username: string, password: string): Promise<string | null> | string | null;
}

export interface RunningIdentityProvider {
  issuer: string;
  provider: Provider;
  /** When set, the next login interactions finish as this account without a form (tests). */
  autoLogin: string | null;
  close(): Promise<void>;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f1ea;margin:0;color:#222}
main{max-width:22rem;margin:4rem auto;background:#fff;padding:1.5rem;border-radius:8px;border:1px solid #d9d3c7}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
button{margin-top:1rem;padding:.6rem 1rem;font-size:1rem;background:#1f6f50;color:#fff;border:0;border-radius:6px;cursor:pointer}
p.error{color:#a4161a}</style></head><body><main>${body}</main></body></html>`;
}

function loginForm(uid: string, error: string | null): string {
  return page(
    'Sign in',
    `<h1>Sign in</h1>${error === null ? '' : `<p class="error" role="alert">${escapeHtml(error)}</p>`}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="username">Username</label><input id="username" name="username" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>`,
  );
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startIdentityProvider(
  options: IdentityProviderOptions,
): Promise<RunningIdentityProvider> {
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${options.publicHost ?? host}:${String(port)}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'demo-1', alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: options.clients,
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // Its clients (the messenger, the demo host) are on this machine: outgoing requests (the
    // back-channel logout) go to loopback, which the provider's SSRF guard would refuse.
    fetch: (url: string | URL | Request, init?: RequestInit) => {
      const unguarded: RequestInit & { dispatcher?: unknown } = { ...init };
      delete unguarded.dispatcher;
      return globalThis.fetch(url, unguarded);
    },
    // The profile claims (the network person id among them) ride in the ID token itself.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'preferred_username', 'network_person_id'],
    },
    findAccount: async (_ctx, id) => {
      const account = await options.account(id);
      if (account === null) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          name: account.name,
          given_name: account.givenName,
          preferred_username: account.username,
          network_person_id: account.id,
        }),
      };
    },
    // First-party clients: the grant is given without a consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (client === undefined || session?.accountId === undefined) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing !== undefined) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid profile');
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = page(
            'Sign out',
            `<h1>Sign out?</h1>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
          );
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });

  const running: RunningIdentityProvider = {
    issuer,
    provider,
    autoLogin: null,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };

  const interaction = async (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ): Promise<void> => {
    const details = await provider.interactionDetails(req, res);
    const uid = details.uid;
    if (running.autoLogin !== null) {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: running.autoLogin } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (req.method === 'POST' && path.endsWith('/login')) {
      const form = await readForm(req);
      const accountId = await options.authenticate(
        form.get('username') ?? '',
        form.get('password') ?? '',
      );
      if (accountId === null) {
        res.statusCode = 401;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(loginForm(uid, 'Wrong username or password.'));
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end(loginForm(uid, null));
  };

  const callback = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith('/interaction/')) {
      interaction(req, res, path).catch((error: unknown) => {
        res.statusCode = 400;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(
          page('Sign-in failed', `<h1>Sign-in failed</h1><p>${escapeHtml(String(error))}</p>`),
        );
      });
      return;
    }
    void callback(req, res);
  });
  return running;
}
