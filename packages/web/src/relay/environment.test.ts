import type { RequestParameters } from 'relay-runtime';
import { describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER, createApi } from '../http/api';
import { createRelayEnvironment, graphqlRequestBody } from './environment';

const params = (over: Partial<RequestParameters> = {}): RequestParameters =>
  ({
    id: 'abc123',
    cacheID: 'abc123',
    name: 'ViewerQuery',
    operationKind: 'query',
    text: 'query ViewerQuery { viewer { id } }',
    metadata: {},
    ...over,
  }) as RequestParameters;

describe('graphqlRequestBody', () => {
  it('sends the persisted id as the persistedQuery extension, with the text when present', () => {
    expect(graphqlRequestBody(params(), { first: 1 })).toEqual({
      operationName: 'ViewerQuery',
      variables: { first: 1 },
      query: 'query ViewerQuery { viewer { id } }',
      extensions: { persistedQuery: { version: 1, sha256Hash: 'abc123' } },
    });
    expect(graphqlRequestBody(params({ text: null }), {})).not.toHaveProperty('query');
    expect(graphqlRequestBody(params({ id: null }), {})).not.toHaveProperty('extensions');
  });
});

describe('createRelayEnvironment', () => {
  it('posts to /graphql with the CSRF header and reports an unauthenticated answer', async () => {
    const seen: RequestInit[] = [];
    const fetch = vi.fn((_url: unknown, init?: RequestInit) => {
      seen.push(init ?? {});
      return Promise.resolve(
        new Response(
          JSON.stringify({
            data: null,
            errors: [{ message: 'Log in.', extensions: { code: 'unauthenticated' } }],
          }),
          { headers: { 'content-type': 'application/graphql-response+json' } },
        ),
      );
    });
    const api = createApi({ fetch: fetch as unknown as typeof globalThis.fetch });
    api.setCsrfToken('tok');
    const onSessionLost = vi.fn();
    const environment = createRelayEnvironment(api, onSessionLost);
    await new Promise<void>((resolve, reject) => {
      environment
        .getNetwork()
        .execute(params(), { a: 1 }, {})
        .subscribe({ complete: resolve, error: reject });
    });
    expect(fetch.mock.calls[0]?.[0]).toBe('/graphql');
    expect(new Headers(seen[0]?.headers).get(CSRF_HEADER)).toBe('tok');
    expect(JSON.parse(seen[0]?.body as string)).toMatchObject({
      operationName: 'ViewerQuery',
      variables: { a: 1 },
    });
    expect(onSessionLost).toHaveBeenCalledTimes(1);
  });
});
