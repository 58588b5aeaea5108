import type { AppContext } from '../../context';

export interface EndedSessions {
  /** Every session of these people (deactivation, deletion, sign-out everywhere). */
  userIds?: readonly string[];
  /** These sessions only, by id hash (an identity provider's logout of one sign-in). */
  sessionHashes?: readonly string[];
}

/**
 * Ends sessions now, everywhere: the rows go (so no request is let in
 * again), then every node closes their sync sockets with 4401, which the web
 * client shows as signed out. Waiting for the sockets' periodic session check
 * (a minute) would leave a deactivated person reading live for that long.
 */
export async function endSessions(ctx: AppContext, ended: EndedSessions): Promise<void> {
  const userIds = [...(ended.userIds ?? [])];
  const sessionHashes = [...(ended.sessionHashes ?? [])];
  if (userIds.length === 0 && sessionHashes.length === 0) return;
  await ctx.db.transact(async (trx) => {
    if (userIds.length > 0) {
      await trx.deleteFrom('sessions').where('person_id', 'in', userIds).execute();
    }
    if (sessionHashes.length > 0) {
      await trx.deleteFrom('sessions').where('id_hash', 'in', sessionHashes).execute();
    }
  });
  try {
    await ctx.bus.publish({ type: 'sessions_ended', userIds, sessionHashes });
  } catch (error) {
    // The rows are gone: the sockets' periodic session check still closes them.
    ctx.logger.warn({ err: error }, 'publishing ended sessions failed');
  }
}
