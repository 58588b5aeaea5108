import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export const SCIM_TOKEN = 'scim-test-token-0123456789';
export const SCIM_JSON = 'application/scim+json';

/** A SCIM client's request: the bearer token, bodies as application/scim+json. */
export function scim(
  app: FastifyInstance,
  method: NonNullable<InjectOptions['method']>,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${SCIM_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': SCIM_JSON }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** RFC 7643 8.1's minimal user, with a password so that sign-in can be tried. */
export function bjensen(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: 'bjensen',
    externalId: 'bjensen',
    name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
    password: 't1meMa$heen',
    ...extra,
  };
}

export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
