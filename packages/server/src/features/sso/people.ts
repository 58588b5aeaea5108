import { flattenName } from '@messenger/core';
import type { IDToken } from 'openid-client';
import type { OidcConfig } from '../../config';
import type { AppContext } from '../../context';

export type PersonMatch =
  { status: 'ok'; personId: string } | { status: 'unknown' } | { status: 'deactivated' };

/**
 * The network person an ID token names, by the configured claim (the
 * person's id in the network file). With just-in-time creation on, a person
 * the network does not have yet is created from the token's profile claims,
 * under that id; otherwise the sign-in is refused.
 */
export async function findOrCreatePerson(
  ctx: AppContext,
  settings: OidcConfig,
  claims: IDToken,
): Promise<PersonMatch> {
  const value = claims[settings.personClaim];
  const personId = typeof value === 'number' ? String(value) : value;
  if (typeof personId !== 'string' || !/^\d{1,32}$/.test(personId)) return { status: 'unknown' };
  const row = await ctx.db.read((k) =>
    k
      .selectFrom('people')
      .select(['id', 'deactivated', 'memorialized'])
      .where('id', '=', personId)
      .executeTakeFirst(),
  );
  if (row !== undefined) {
    if (row.deactivated !== 0 || row.memorialized !== 0) return { status: 'deactivated' };
    return { status: 'ok', personId };
  }
  if (!settings.jit) return { status: 'unknown' };
  const name =
    typeof claims.name === 'string' && claims.name.trim() !== ''
      ? claims.name.trim()
      : `Person ${personId}`;
  const given = typeof claims.given_name === 'string' ? claims.given_name.trim() : '';
  const preferred =
    typeof claims.preferred_username === 'string' ? claims.preferred_username.trim() : '';
  await ctx.db.transact(async (trx) => {
    const taken =
      preferred === ''
        ? undefined
        : await trx
            .selectFrom('people')
            .select('id')
            .where('username', '=', preferred)
            .executeTakeFirst();
    await trx
      .insertInto('people')
      .values({
        id: personId,
        name,
        short_name: given !== '' ? given : (name.split(/\s+/)[0] ?? name),
        name_flat: flattenName(name),
        // Without a password: this person signs in through the identity provider only.
        username: preferred !== '' && taken === undefined ? preferred : `sso.${personId}`,
        password_hash: '',
        account: 'personal',
        company_id: null,
        employee: 0,
        messenger_only: 0,
        memorialized: 0,
        instagram: 0,
        birth_day: null,
        birth_month: null,
        birth_year: null,
        picture: null,
        can_receive_money: 0,
        gates: '[]',
        deactivated: 0,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  });
  return { status: 'ok', personId };
}
