import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { oneToOnePair } from '../support/network';
import { networkFilePath } from '../support/paths';
import { solidPng } from '../support/png';
import { startServer, type RunningServer } from '../support/server';

const e2e = useE2E();
// A server of its own with a small quota of images waiting to be sent (issue 30: upload quota).
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    networkFile: networkFilePath(),
    env: { UNSENT_UPLOAD_MAX_COUNT: '2' },
  });
});
afterAll(async () => {
  await server.stop();
});

describe('the quota on images waiting to be sent', () => {
  it('tells the person in words when an image is over the quota, and takes it again once some are sent', async () => {
    const { thread, first } = oneToOnePair(e2e.network);
    const a = await e2e.newPage(server.url);
    await loginAs(a.page, first);
    await a.page.goto(`/messages/thread/${thread.id}`);
    const composer = a.page.getByRole('textbox', { name: 'Message' });
    await composer.waitFor();
    const input = a.page.locator('input[type="file"]');
    const tray = a.page.getByRole('list', { name: 'Images to send' });

    await input.setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: solidPng(8, 8, [200, 0, 0]) },
      { name: 'two.png', mimeType: 'image/png', buffer: solidPng(8, 8, [0, 200, 0]) },
    ]);
    await expect.poll(() => tray.getByRole('img').count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => tray.getByRole('progressbar').count(), { timeout: 10_000 }).toBe(0);

    // A third, while two wait unsent: the server answers 429 and the tray says why.
    await input.setInputFiles({
      name: 'three.png',
      mimeType: 'image/png',
      buffer: solidPng(8, 8, [0, 0, 200]),
    });
    const alert = tray.getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toBe(
      'three.png was not added: too many images are waiting to be sent. Send or remove some first.',
    );
    await checkAccessibility(a.page, 'the composer with an image over the quota');

    // Sending the two frees the quota: the next image uploads.
    await a.page.getByRole('button', { name: 'Remove three.png' }).click();
    await composer.fill('two pictures');
    await composer.press('Enter');
    await expect.poll(() => tray.count(), { timeout: 10_000 }).toBe(0);
    await input.setInputFiles({
      name: 'four.png',
      mimeType: 'image/png',
      buffer: solidPng(8, 8, [0, 0, 200]),
    });
    await a.page
      .getByRole('list', { name: 'Images to send' })
      .getByRole('img', { name: 'four.png' })
      .waitFor();
    await expect
      .poll(
        () => a.page.getByRole('list', { name: 'Images to send' }).getByRole('progressbar').count(),
        {
          timeout: 10_000,
        },
      )
      .toBe(0);
    expect(
      await a.page.getByRole('list', { name: 'Images to send' }).getByRole('alert').count(),
    ).toBe(0);
  });
});
