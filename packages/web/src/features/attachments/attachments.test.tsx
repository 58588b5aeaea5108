import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { decryptImage, encryptImage } from './crypto';
import { EncryptedImage, displaySize, imageSizes } from './EncryptedImage';

// Node's Buffer, not jsdom's typed arrays: Node's Web Crypto checks the realm of its inputs.
const PLAIN_BYTES = Buffer.from([137, 80, 78, 71, 1, 2, 3, 4, 5, 6, 7, 8]);
const PLAIN = new Uint8Array(PLAIN_BYTES);
const plainBuffer = (): ArrayBuffer =>
  PLAIN_BYTES.buffer.slice(PLAIN_BYTES.byteOffset, PLAIN_BYTES.byteOffset + PLAIN_BYTES.length);

describe('image encryption (AES-GCM, 128-bit tag)', () => {
  it('round-trips with a fresh key and IV each time, and the blob holds no plaintext', async () => {
    const one = await encryptImage(plainBuffer());
    const two = await encryptImage(plainBuffer());
    expect(one.key).not.toBe(two.key);
    expect(one.iv).not.toBe(two.iv);
    expect(atob(one.key)).toHaveLength(16);
    expect(atob(one.iv)).toHaveLength(12);
    // The 16-byte tag follows the ciphertext.
    expect(one.ciphertext.byteLength).toBe(PLAIN.length + 16);
    expect(new Uint8Array(one.ciphertext).slice(0, 4)).not.toEqual(PLAIN.slice(0, 4));
    const back = await decryptImage(one.ciphertext, one.key, one.iv);
    expect(new Uint8Array(back)).toEqual(PLAIN);
  });

  it('refuses a blob changed by one bit', async () => {
    const sealed = await encryptImage(plainBuffer());
    const bytes = new Uint8Array(sealed.ciphertext.slice(0));
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    await expect(decryptImage(bytes.buffer, sealed.key, sealed.iv)).rejects.toThrow();
  });
});

describe('EncryptedImage', () => {
  // jsdom has no object URLs; the browser's are opaque strings too.
  const original = URL.createObjectURL.bind(URL);
  beforeAll(() => {
    URL.createObjectURL = () => 'blob:decrypted';
  });
  afterAll(() => {
    URL.createObjectURL = original;
  });

  const image = (id: string, key: string, iv: string) => ({
    id,
    key,
    iv,
    mime: 'image/png',
    width: 640,
    height: 480,
  });

  it('fetches the ciphertext, decrypts it and shows it at the size sent, scaled to fit', async () => {
    const sealed = await encryptImage(plainBuffer());
    const paths: string[] = [];
    renderWithIntl(
      <EncryptedImage
        image={image('101', sealed.key, sealed.iv)}
        fetchBlob={(path) => {
          paths.push(path);
          return Promise.resolve(sealed.ciphertext);
        }}
      />,
    );
    // The space is kept while it decrypts.
    const pending = screen.getByRole('img', { name: 'Image' });
    expect(pending.style.width).toBe('320px');
    expect(pending.style.height).toBe('240px');
    await waitFor(() => {
      expect(screen.getByRole('img', { name: 'Image' }).tagName).toBe('IMG');
    });
    const shown = screen.getByRole('img', { name: 'Image' });
    expect(shown.getAttribute('src')).toBe('blob:decrypted');
    expect(shown.getAttribute('width')).toBe('320');
    expect(shown.getAttribute('height')).toBe('240');
    expect(paths).toEqual(['/attachments/101']);
    expect(imageSizes.get('/attachments/101')).toMatchObject({ width: 640, height: 480 });
  });

  it('shows a quiet placeholder, no error, when the blob does not decrypt', async () => {
    const sealed = await encryptImage(plainBuffer());
    const other = await encryptImage(plainBuffer());
    renderWithIntl(
      <EncryptedImage
        image={image('102', other.key, other.iv)}
        fetchBlob={() => Promise.resolve(sealed.ciphertext)}
      />,
    );
    const placeholder = await screen.findByRole('img', { name: 'Image unavailable' });
    expect(placeholder.tagName).toBe('SPAN');
    expect(placeholder.style.width).toBe('320px');
  });

  it('shows the placeholder when the blob cannot be fetched', async () => {
    renderWithIntl(
      <EncryptedImage
        image={image('103', 'AAAAAAAAAAAAAAAAAAAAAA==', 'AAAAAAAAAAAAAAAA')}
        fetchBlob={() => Promise.reject(new Error('HTTP 404'))}
      />,
    );
    expect(await screen.findByRole('img', { name: 'Image unavailable' })).toBeDefined();
  });

  it('scales down only', () => {
    expect(displaySize(40, 30)).toEqual({ width: 40, height: 30 });
    expect(displaySize(1000, 100)).toEqual({ width: 320, height: 32 });
    expect(displaySize(100, 2000)).toEqual({ width: 16, height: 320 });
  });
});
