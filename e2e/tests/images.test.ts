import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { oneToOnePair } from '../support/network';
import { networkFilePath } from '../support/paths';
import { JPEG_SIGNATURE, PNG_SIGNATURE, solidPng } from '../support/png';
import { startServer, type RunningServer } from '../support/server';

const e2e = useE2E();
// A server of its own: the test reads and corrupts blobs in its data folder.
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ networkFile: networkFilePath() });
});
afterAll(async () => {
  await server.stop();
});

/** The colour of the middle pixel of a shown image, read back through a canvas in the page. */
async function middlePixel(image: Locator): Promise<number[]> {
  return image.evaluate((node) => {
    const img = node as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d');
    if (context === null) return [];
    context.drawImage(img, 0, 0);
    const data = context.getImageData(
      Math.floor(img.naturalWidth / 2),
      Math.floor(img.naturalHeight / 2),
      1,
      1,
    ).data;
    return Array.from(data);
  });
}

/** Pastes a PNG into the composer as a browser's clipboard would hand it over. */
async function pasteImage(page: Page, name: string, png: Buffer): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).evaluate(
    (field, { name: fileName, bytes }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], fileName, { type: 'image/png' }));
      field.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    { name, bytes: Array.from(png) },
  );
}

/** Drops a PNG on the composer as a drag from the desktop would. */
async function dropImage(page: Page, name: string, png: Buffer): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).evaluate(
    (field, { name: fileName, bytes }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], fileName, { type: 'image/png' }));
      for (const type of ['dragover', 'drop']) {
        field.dispatchEvent(
          new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
        );
      }
    },
    { name, bytes: Array.from(png) },
  );
}

const RED: [number, number, number] = [220, 20, 60];
const BLUE: [number, number, number] = [30, 60, 200];
const GREEN: [number, number, number] = [20, 160, 40];

describe('encrypted images between two browsers', () => {
  it('sends images that only ciphertext reaches the server, decrypted by the other person', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const threadPath = `/messages/thread/${thread.id}`;
    const a = await e2e.newPage(server.url);
    const b = await e2e.newPage(server.url);
    await loginAs(a.page, first);
    await loginAs(b.page, second);
    await b.page.goto(threadPath);
    await b.page.getByRole('textbox', { name: 'Message' }).waitFor();

    // A attaches one image with the file button, pastes one, drops one: one message, three images.
    await a.page.goto(threadPath);
    const composer = a.page.getByRole('textbox', { name: 'Message' });
    await composer.waitFor();
    await a.page.getByRole('button', { name: 'Add images' }).waitFor();
    await a.page.locator('input[type="file"]').setInputFiles({
      name: 'red.png',
      mimeType: 'image/png',
      buffer: solidPng(40, 30, RED),
    });
    await pasteImage(a.page, 'blue.png', solidPng(24, 16, BLUE));
    await dropImage(a.page, 'green.png', solidPng(10, 10, GREEN));
    const tray = a.page.getByRole('list', { name: 'Images to send' });
    await tray.getByRole('img', { name: 'red.png' }).waitFor();
    await tray.getByRole('img', { name: 'blue.png' }).waitFor();
    await tray.getByRole('img', { name: 'green.png' }).waitFor();
    // Uploaded: no progress bar left.
    await expect.poll(() => tray.getByRole('progressbar').count(), { timeout: 10_000 }).toBe(0);
    await checkAccessibility(a.page, 'the composer with three images');

    const token = `pics-${Date.now().toString(36)}`;
    await composer.fill(`three colours ${token}`);
    await composer.press('Enter');
    await expect.poll(() => tray.count()).toBe(0);

    // B sees both decrypted, at their own colours.
    const history = b.page.getByRole('log', { name: 'Messages' });
    const message = history.getByRole('listitem').filter({ hasText: token });
    await message.waitFor();
    const images = message.locator('img.message-image');
    await expect.poll(() => images.count(), { timeout: 10_000 }).toBe(3);
    for (let i = 0; i < 3; i += 1) {
      await expect
        .poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete))
        .toBe(true);
    }
    expect(await middlePixel(images.nth(0))).toEqual([...RED, 255]);
    expect(await middlePixel(images.nth(1))).toEqual([...BLUE, 255]);
    expect(await middlePixel(images.nth(2))).toEqual([...GREEN, 255]);
    // Shown at the size sent with the message.
    expect(await images.nth(0).getAttribute('width')).toBe('40');
    expect(await images.nth(0).getAttribute('height')).toBe('30');

    // On the server's disk: ciphertext only, no image signature.
    const ids = await images.evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('data-attachment-id') ?? ''),
    );
    const blobDir = join(server.dataDir, 'blobs');
    expect((await readdir(blobDir)).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const stored = await readFile(join(blobDir, id));
      expect(stored.length).toBeGreaterThan(16);
      expect(stored.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)).toBe(false);
      expect(stored.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)).toBe(false);
      expect(stored.includes(Buffer.from('IHDR'))).toBe(false);
    }
    await checkAccessibility(b.page, 'a conversation with decrypted images');

    // A blob corrupted on disk: B gets a quiet placeholder in its place, the other image stays.
    const [corrupted, intact] = ids;
    if (corrupted === undefined || intact === undefined) throw new Error('images expected');
    const original = await readFile(join(blobDir, corrupted));
    await writeFile(join(blobDir, corrupted), randomBytes(original.length));
    // A fresh browser of B's (a blob never changes under its id, so the first one may cache it).
    const c = await e2e.newPage(server.url);
    const errors: string[] = [];
    c.page.on('pageerror', (error) => errors.push(error.message));
    await loginAs(c.page, second);
    await c.page.goto(threadPath);
    const again = c.page
      .getByRole('log', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: token });
    await again.waitFor();
    const placeholder = again.locator(`[data-attachment-id="${corrupted}"]`);
    await expect
      .poll(() => placeholder.getAttribute('data-state'), { timeout: 10_000 })
      .toBe('failed');
    expect(await placeholder.getAttribute('aria-label')).toBe('Image unavailable');
    await again.locator(`img[data-attachment-id="${intact}"]`).waitFor();
    // The placeholder keeps the image's place: no jump.
    const box = await placeholder.boundingBox();
    expect(box?.width).toBe(40);
    expect(box?.height).toBe(30);
    expect(errors).toEqual([]);
    await checkAccessibility(c.page, 'a conversation with an image that cannot be decrypted');
  });
});
