import { hasErrorCode } from '@messenger/core';
import {
  Environment,
  Network,
  RecordSource,
  Store,
  type GraphQLResponse,
  type RequestParameters,
  type Variables,
} from 'relay-runtime';
import { errorFromResponse, type Api } from '../http/api';

export const GRAPHQL_PATH = '/graphql';

/**
 * The body of a GraphQL request. Relay's compiled operations are persisted
 * (relay.config.json `persistConfig`): the id is the SHA-256 of the text and
 * travels as the Apollo-style `persistedQuery` extension, which GraphQL Yoga's
 * persisted-operations plugin reads. The text is sent too when the artifact
 * has it (development); in production the server accepts only the id.
 */
export function graphqlRequestBody(
  params: RequestParameters,
  variables: Variables,
): Record<string, unknown> {
  const body: Record<string, unknown> = { operationName: params.name, variables };
  if (params.text !== null) body.query = params.text;
  if (params.id !== null) {
    body.extensions = { persistedQuery: { version: 1, sha256Hash: params.id } };
  }
  return body;
}

function isUnauthenticated(response: GraphQLResponse): boolean {
  const errors = 'errors' in response ? response.errors : undefined;
  return (
    Array.isArray(errors) &&
    errors.some((error) =>
      hasErrorCode(
        (error as { extensions?: { code?: unknown } }).extensions?.code,
        'unauthenticated',
      ),
    )
  );
}

/**
 * The Relay record id of an object. Ids are unique across people, pages and
 * threads, so most types use theirs as is; two types reuse a person's id for
 * something else: `Viewer` (the signed-in person's own view) gets its own
 * record, and `ThreadParticipantState` (one person's read and delivery marks
 * in one thread) gets none, so each thread keeps its own (path-based) record.
 */
export function dataIdOf(fieldValue: unknown, typeName: string): string | null {
  if (typeName === 'ThreadParticipantState') return null;
  const id = (fieldValue as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') return null;
  return typeName === 'Viewer' ? `viewer:${id}` : id;
}

/**
 * One Relay environment per signed-in session (a new login never sees the
 * previous person's records). Requests go through the API client, so they
 * carry the session cookie and the CSRF header.
 */
export function createRelayEnvironment(api: Api, onSessionLost: () => void): Environment {
  const network = Network.create(async (params, variables) => {
    const response = await api.fetch(GRAPHQL_PATH, {
      method: 'POST',
      body: graphqlRequestBody(params, variables),
      headers: { accept: 'application/graphql-response+json, application/json' },
    });
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('json')) throw await errorFromResponse(response);
    const json = (await response.json()) as GraphQLResponse;
    if (isUnauthenticated(json)) onSessionLost();
    return json;
  });
  return new Environment({ network, store: new Store(new RecordSource()), getDataID: dataIdOf });
}
