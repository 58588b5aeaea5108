import type { Page } from 'playwright-core';

/** One GraphQL call as the page's signed-in person (its cookie and CSRF token), for test setup. */
export async function gqlAs<T>(
  page: Page,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  return page.evaluate(
    async ({ query: q, variables: v }) => {
      const session = (await (await fetch('/auth/session')).json()) as { csrf_token: string };
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
        body: JSON.stringify({ query: q, variables: v }),
      });
      const body = (await response.json()) as { data?: unknown; errors?: unknown };
      if (body.errors !== undefined) throw new Error(JSON.stringify(body.errors));
      return body.data;
    },
    { query, variables },
  ) as Promise<T>;
}
