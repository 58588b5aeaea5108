import type { AppContext } from '../../context';
import { verifyPassword } from '../accounts/passwords';
import { findLoginCandidate } from '../accounts/session-repo';
import { startHostSite, type RunningHostSite } from './host-site';
import { startIdentityProvider, type RunningIdentityProvider } from './identity-provider';

export interface DemoSites {
  idp: RunningIdentityProvider;
  host: RunningHostSite;
  close(): Promise<void>;
}

/** How many of a person's friends the host page offers to message. */
const HOST_PEOPLE = 5;

/**
 * `npm start`'s two other origins: the identity provider (accounts are the
 * messenger's people, with their passwords: `messenger-demo` for the demo
 * network) and the host site embedding the kit. The messenger's OIDC_* and
 * EMBED_ORIGINS must name them (scripts/start.mjs sets both). Both listen on
 * loopback and call themselves `localhost`, one site apart from a messenger
 * on 127.0.0.1, as a host network and its messenger are.
 */
export async function startDemoSites(
  ctx: AppContext,
  ports: { idpPort: number; hostPort: number },
  messengerUrl: string,
): Promise<DemoSites> {
  const oidc = ctx.config.oidc;
  if (oidc === undefined)
    throw new Error('the demo sites need OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  const hostUrl = `http://localhost:${String(ports.hostPort)}`;
  // The messenger answers on 127.0.0.1 and on localhost: either may start the sign-in.
  const messengerUrls = [messengerUrl, messengerUrl.replace('://127.0.0.1:', '://localhost:')];
  const idp = await startIdentityProvider({
    port: ports.idpPort,
    publicHost: 'localhost',
    clients: [
      {
        client_id: oidc.clientId,
        client_secret: oidc.clientSecret,
        redirect_uris: messengerUrls.map((url) => `${url}/auth/oidc/callback`),
        post_logout_redirect_uris: messengerUrls.map((url) => `${url}/login`),
        backchannel_logout_uri: `${messengerUrl}/auth/oidc/backchannel-logout`,
        backchannel_logout_session_required: true,
      },
      {
        client_id: 'demo-host',
        client_secret: oidc.clientSecret,
        redirect_uris: [`${hostUrl}/callback`],
        post_logout_redirect_uris: [`${hostUrl}/`],
      },
    ],
    account: async (id) => {
      const row = await ctx.db.read((k) =>
        k
          .selectFrom('people')
          .select(['id', 'name', 'short_name', 'username'])
          .where('id', '=', id)
          .where('deactivated', '=', 0)
          .executeTakeFirst(),
      );
      return row === undefined
        ? null
        : { id: row.id, name: row.name, givenName: row.short_name, username: row.username };
    },
    authenticate: async (username, password) => {
      const candidate = await findLoginCandidate(ctx.db, username.trim());
      if (candidate === null) return null;
      return (await verifyPassword(candidate.passwordHash, password)) ? candidate.viewer.id : null;
    },
  });
  const host = await startHostSite({
    port: ports.hostPort,
    issuer: idp.issuer,
    clientId: 'demo-host',
    clientSecret: oidc.clientSecret,
    messengerUrl,
    people: (personId) =>
      ctx.db.read((k) =>
        k
          .selectFrom('friendships')
          .innerJoin('people', 'people.id', 'friendships.friend_id')
          .select(['people.id as id', 'people.name as name'])
          .where('friendships.person_id', '=', personId)
          .where('people.deactivated', '=', 0)
          .orderBy('people.name')
          .limit(HOST_PEOPLE)
          .execute(),
      ),
  });
  return {
    idp,
    host,
    close: async () => {
      await Promise.all([host.close(), idp.close()]);
    },
  };
}
