import { z } from 'zod';

/**
 * Encrypted image attachments (seed section 9: AES-GCM, 128-bit tag). The
 * sender's browser encrypts each image with a fresh key and IV and uploads
 * only ciphertext; the key and IV travel in the message to the thread's
 * participants, who fetch the blob and decrypt it. The seed names no size,
 * type or count limits; these are our choices, shared by client and server.
 */
export const ATTACHMENT_LIMITS = {
  /** Bytes of one uploaded blob (ciphertext: the image plus the 16-byte GCM tag). */
  maxBytes: 10 * 1024 * 1024,
  /** Images in one message. */
  perMessage: 10,
  /** Largest width or height declared for an image, in pixels. */
  maxDimension: 16_384,
} as const;

/** Image types the composer may attach; anything else is refused with 415. */
export const ATTACHMENT_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const;
export type AttachmentMimeType = (typeof ATTACHMENT_MIME_TYPES)[number];

export function isAttachmentMimeType(value: string): value is AttachmentMimeType {
  return (ATTACHMENT_MIME_TYPES as readonly string[]).includes(value);
}

/** AES-GCM with a 128-bit tag and a 96-bit IV, as Web Crypto names it. */
export const ATTACHMENT_CIPHER = { name: 'AES-GCM', tagLength: 128, ivBytes: 12 } as const;

/** The header of `POST /attachments` that declares the image type of the encrypted body. */
export const ATTACHMENT_TYPE_HEADER = 'x-attachment-type';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Base64 of exactly `bytes` bytes (padded). */
function base64Of(bytes: number, what: string) {
  const length = Math.ceil(bytes / 3) * 4;
  return z
    .string()
    .length(length, `Expected the base64 of a ${String(bytes)}-byte ${what}.`)
    .regex(BASE64, `Expected the base64 of a ${String(bytes)}-byte ${what}.`);
}

const dimension = z.number().int().min(1).max(ATTACHMENT_LIMITS.maxDimension);

/**
 * One image of a message: the uploaded blob's id, the key (base64 of a raw
 * 128-bit AES key) and IV to decrypt it, its type, and its size in pixels so
 * the layout keeps the space before the image is decrypted.
 */
export const attachmentRefSchema = z.object({
  id: z.string().regex(/^\d{1,32}$/, 'Expected an attachment id.'),
  key: base64Of(16, 'key'),
  iv: base64Of(ATTACHMENT_CIPHER.ivBytes, 'IV'),
  mime: z.enum(ATTACHMENT_MIME_TYPES),
  width: dimension,
  height: dimension,
});
export type AttachmentRef = z.infer<typeof attachmentRefSchema>;

export const attachmentRefsSchema = z
  .array(attachmentRefSchema)
  .max(ATTACHMENT_LIMITS.perMessage)
  .refine((refs) => new Set(refs.map((r) => r.id)).size === refs.length, {
    message: 'The same attachment is given twice.',
  });

/** What `POST /attachments` answers. */
export const attachmentUploadResultSchema = z.object({ id: z.string() });

/** Where a participant fetches the ciphertext of an attachment. */
export function attachmentPath(id: string): string {
  return `/attachments/${encodeURIComponent(id)}`;
}
