import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { canLogIn, type Network, type NetworkPerson, type NetworkThread } from '../support/network';

const e2e = useE2E();

/** A thread waiting in someone's PENDING folder (a message request), and that someone. */
function pendingRequest(network: Network): { thread: NetworkThread; person: NetworkPerson } {
  const people = new Map(network.people.map((p) => [p.id, p]));
  for (const thread of network.threads) {
    if (thread.messages.length === 0) continue;
    for (const [personId, folder] of Object.entries(thread.folders ?? {})) {
      const person = people.get(personId);
      if (folder === 'PENDING' && person !== undefined && canLogIn(person)) {
        return { thread, person };
      }
    }
  }
  throw new Error(
    'The network file has no message request (a PENDING folder); the test needs one.',
  );
}

describe('message requests', () => {
  it('accepts a request from /messages/requests and finds it in the inbox', async () => {
    const { thread, person } = pendingRequest(e2e.network);
    const last = thread.messages[thread.messages.length - 1];
    if (last === undefined) throw new Error('the request has no message');
    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, person);

    await page.goto('/messages/requests');
    const requests = page.getByRole('grid', { name: 'Message requests' });
    await requests.waitFor();
    const row = requests.getByRole('row').filter({ hasText: last.text });
    await row.waitFor();
    await row.getByRole('button', { name: /^Ignore/ }).waitFor();
    await checkAccessibility(page, 'the message requests');

    const accepted = page.waitForResponse(
      (response) => response.request().postData()?.includes('RequestsBodyAcceptMutation') ?? false,
    );
    await row.getByRole('button', { name: /^Accept/ }).click();
    expect((await accepted).ok()).toBe(true);
    await expect.poll(() => row.count()).toBe(0);

    await page.goto('/messages');
    const inbox = page.getByRole('grid', { name: 'Conversations' });
    await inbox.getByRole('row').filter({ hasText: last.text }).waitFor();
    // It is no longer a request after a reload either.
    await page.goto('/messages/requests');
    const after = page.getByRole('grid', { name: 'Message requests' });
    await after.waitFor();
    expect(await after.getByRole('row').filter({ hasText: last.text }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
