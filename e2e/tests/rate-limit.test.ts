import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import { loginForm, submitLogin } from '../support/login';
import { ordinaryPerson } from '../support/network';
import { startServer, type RunningServer } from '../support/server';
import { networkFilePath } from '../support/paths';

const e2e = useE2E();
let server: RunningServer;

beforeAll(async () => {
  // A server of its own with a low limit, so the shared one keeps its default.
  server = await startServer({ networkFile: networkFilePath(), env: { LOGIN_RATE_LIMIT: '2' } });
});
afterAll(async () => {
  await server.stop();
});

describe('login rate limit', () => {
  it('says how long to wait once there were too many attempts', async () => {
    const { page } = await e2e.newPage(server.url);
    const person = ordinaryPerson(e2e.network);
    const form = loginForm(page);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await submitLogin(page, person.username, 'not-the-password');
      await expect.poll(() => form.error.textContent()).toBe('Wrong username or password.');
    }
    await submitLogin(page, person.username, 'not-the-password');
    await expect
      .poll(() => form.error.textContent())
      .toMatch(/^Too many login attempts\. Try again (in \d+ seconds?|later)\.$/);
  });
});
