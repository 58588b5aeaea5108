import { ATTACHMENT_CIPHER } from '@messenger/core';

/**
 * The browser's side of encrypted images (seed section 9: AES-GCM with a
 * 128-bit tag): a fresh key and IV for each image, so the server and anyone
 * holding only the blob learn nothing; the key travels in the message.
 */

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export interface EncryptedImage {
  ciphertext: ArrayBuffer;
  /** Base64 of the raw 128-bit key. */
  key: string;
  /** Base64 of the 96-bit IV. */
  iv: string;
}

export async function encryptImage(
  plain: ArrayBuffer,
  subtle: SubtleCrypto = crypto.subtle,
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (b) =>
    crypto.getRandomValues(b),
): Promise<EncryptedImage> {
  const key = await subtle.generateKey({ name: ATTACHMENT_CIPHER.name, length: 128 }, true, [
    'encrypt',
  ]);
  const iv = random(new Uint8Array(ATTACHMENT_CIPHER.ivBytes));
  const ciphertext = await subtle.encrypt(
    { name: ATTACHMENT_CIPHER.name, iv, tagLength: ATTACHMENT_CIPHER.tagLength },
    key,
    plain,
  );
  const raw = new Uint8Array(await subtle.exportKey('raw', key));
  return { ciphertext, key: toBase64(raw), iv: toBase64(iv) };
}

/** Throws when the blob is not what the key and IV sealed (a corrupted or swapped blob). */
export async function decryptImage(
  ciphertext: ArrayBuffer,
  key: string,
  iv: string,
  subtle: SubtleCrypto = crypto.subtle,
): Promise<ArrayBuffer> {
  const cryptoKey = await subtle.importKey('raw', fromBase64(key), ATTACHMENT_CIPHER.name, false, [
    'decrypt',
  ]);
  return subtle.decrypt(
    { name: ATTACHMENT_CIPHER.name, iv: fromBase64(iv), tagLength: ATTACHMENT_CIPHER.tagLength },
    cryptoKey,
    ciphertext,
  );
}
